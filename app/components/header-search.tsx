import { useFetcher, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { SUGGESTION_MAX_LENGTH, SUGGESTION_MIN_LENGTH, type Suggestion } from "~/domain/search-suggestions";

/** Wait after the last key before asking for suggestions. */
const TYPING_PAUSE_MS = 150;

/**
 * The header's search box (issue 34 item 1, decision 159): a GET form to /search, so it works without JavaScript.
 * With JavaScript, up to 8 suggestions as the user types (GET /search-suggestions): a combobox with a listbox the
 * arrow keys move through, Enter opens the one chosen (or searches), Escape closes; the list lies over the page, so
 * nothing moves when it opens.
 */
export function HeaderSearch() {
  const location = useLocation();
  const fetcher = useFetcher<{ q: string; suggestions: Suggestion[] }>();
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-suggestions`;
  const [text, setText] = useState(() =>
    location.pathname === "/search" ? (new URLSearchParams(location.search).get("q") ?? "") : "",
  );
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const { load } = fetcher;

  useEffect(() => () => clearTimeout(timer.current), []);

  const answered = fetcher.data?.q === text.trim() ? fetcher.data.suggestions : [];
  const suggestions = text.trim().length >= SUGGESTION_MIN_LENGTH ? answered : [];
  const expanded = open && suggestions.length > 0;

  function typed(value: string) {
    setText(value);
    setActive(-1);
    setOpen(true);
    clearTimeout(timer.current);
    const q = value.trim();
    if (q.length < SUGGESTION_MIN_LENGTH || q.length > SUGGESTION_MAX_LENGTH) return;
    timer.current = setTimeout(() => load(`/search-suggestions?q=${encodeURIComponent(q)}`), TYPING_PAUSE_MS);
  }

  function choose(s: Suggestion) {
    setOpen(false);
    navigate(s.href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!suggestions.length) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      // -1 (the box itself) … the last suggestion, round and round
      const n = suggestions.length + 1;
      setActive((a) => ((a + 1 + step + n) % n) - 1);
    } else if (event.key === "Escape") {
      if (expanded) event.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (event.key === "Enter" && expanded && active >= 0 && active < suggestions.length) {
      event.preventDefault();
      choose(suggestions[active]);
    }
  }

  const activeId = expanded && active >= 0 && active < suggestions.length ? `${listId}-${active}` : undefined;
  return (
    <form method="get" action="/search" role="search" className="header-search" aria-label="Catalogue search">
      <label htmlFor={`${id}-q`} className="visually-hidden">
        Search products and codes
      </label>
      <div className="header-search__box">
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          maxLength={200}
          placeholder="Search products or codes"
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-controls={listId}
          aria-expanded={expanded}
          aria-activedescendant={activeId}
          value={text}
          onChange={(e) => typed(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => setOpen(true)}
        />
        <ul id={listId} role="listbox" aria-label="Suggestions" className="header-search__list" hidden={!expanded}>
          {suggestions.map((s, i) => (
            <li
              key={s.href}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className="header-search__option"
              // chosen on mouse down, before the input's blur closes the list
              onMouseDown={(e) => {
                e.preventDefault();
                choose(s);
              }}
            >
              <span className="header-search__name">{s.name}</span>{" "}
              <span className="header-search__code">{s.code}</span>
            </li>
          ))}
        </ul>
      </div>
      <button type="submit" className="button button--small">
        Search<span className="visually-hidden"> products</span>
      </button>
    </form>
  );
}
