import type { ReactNode, SelectHTMLAttributes } from "react";
import { Form, Link, useLocation } from "@remix-run/react";
import { FieldError } from "./field-error";
import { Field, TextField } from "./text-field";

/** The hint under every date field: dates are typed as they are shown (SPEC §5, decision 091). */
export const DAY_HINT = "dd.mm.yy, for example 31.03.26";

export type Option = { value: string; label: string };

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "children"> & {
  name: string;
  label: string;
  options: Option[];
  /** the first option, worth "": "All" in a filter, "Choose a customer" in a form; none when absent */
  blank?: string;
  error?: string;
  hint?: ReactNode;
};

/** A labelled select with its hint and inline error wired for screen readers (ids `{id}-hint`, `{id}-error`). */
export function SelectField({ name, label, options, blank, error, hint, id = name, ...select }: SelectProps) {
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={error}
      control={(aria) => (
        <select name={name} {...aria} {...select}>
          {blank === undefined ? null : <option value="">{blank}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/** A form's main button on a line of its own, not pressable while the form is being sent (`busy`). */
export function SubmitRow({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <div>
      <button type="submit" className="button button--primary" disabled={busy}>
        {children}
      </button>
    </div>
  );
}

/** A date typed in the format dates are shown in, which its hint names (decision 091). */
export function DayField({
  name,
  label,
  defaultValue,
  error,
  id = name,
}: {
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
  id?: string;
}) {
  return (
    <TextField
      name={name}
      id={id}
      label={label}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      size={10}
      maxLength={10}
      defaultValue={defaultValue}
      error={error}
      hint={DAY_HINT}
    />
  );
}

/**
 * A list's filters as a GET form: they live in the URL, so they work without JavaScript and survive a reload. Keyed by
 * the query, so going back to another filter shows that filter's values. The submit button and "Clear filters" close it.
 * Folded behind "Filters" on a phone (FilterDisclosure).
 */
export function FilterForm({
  label,
  submit,
  clearTo,
  clearLabel = "Clear filters",
  showClear = true,
  search = false,
  refused = false,
  children,
}: {
  label: string;
  submit: string;
  clearTo: string;
  clearLabel?: string;
  /** whether the clear link is offered (a list search offers it only once something was searched for) */
  showClear?: boolean;
  /** a list's search box rather than its filters: the form is a search landmark */
  search?: boolean;
  /** a filter was refused: the form is served open, its errors in view */
  refused?: boolean;
  children: ReactNode;
}) {
  const location = useLocation();
  return (
    <FilterDisclosure open={refused}>
      <Form
        method="get"
        className="order-filters"
        key={location.search}
        aria-label={label}
        role={search ? "search" : undefined}
        noValidate
      >
        {children}
        <div className="order-filters__actions">
          <button type="submit" className="button button--primary">
            {submit}
          </button>
          {showClear ? <Link to={clearTo}>{clearLabel}</Link> : null}
        </div>
      </Form>
    </FilterDisclosure>
  );
}

/**
 * A list's one search box (wearers, delivery addresses): a FilterForm whose `q` field is labelled `field`, submitted by
 * a button worded as the form is named, with a link back to the whole list once something was searched for.
 */
export function ListSearch({
  label,
  field,
  id,
  q,
  clearTo,
  clearLabel,
}: {
  label: string;
  field: string;
  id: string;
  q: string;
  clearTo: string;
  clearLabel: string;
}) {
  return (
    <FilterForm label={label} submit={label} clearTo={clearTo} clearLabel={clearLabel} showClear={Boolean(q)} search>
      <div className="field">
        <label htmlFor={id}>{field}</label>
        <input id={id} name="q" type="search" defaultValue={q} maxLength={100} />
      </div>
    </FilterForm>
  );
}

/** What the URL's query does not filter by: the page and the order of the list. */
const NOT_FILTERS = new Set(["page", "sort"]);

/**
 * A list's filters folded behind "Filters" (issue 34 item 2, decision 160): a `<details>`, so it opens without
 * JavaScript. Closed as served; on a screen 600 px wide or more the CSS shows its content and hides the summary
 * (app.css `.filters`), so only a phone has to open it; served open (`open`) when a filter was refused, so its error
 * shows beside its field. The summary says how many filters the list is under.
 */
export function FilterDisclosure({ open = false, children }: { open?: boolean; children: ReactNode }) {
  const { search } = useLocation();
  const inUse = [...new URLSearchParams(search)].filter(([name, value]) => !NOT_FILTERS.has(name) && value !== "");
  return (
    <details className="filters" open={open}>
      <summary>
        Filters
        {inUse.length > 0 ? <span className="muted"> · {inUse.length} in use</span> : null}
      </summary>
      {children}
    </details>
  );
}

/**
 * A fieldset of checkboxes sharing one name, one a line in a scroll box (app.css `.checkbox-list`): many departments or
 * permissions stay usable, and work without JavaScript. Ids: `{idPrefix}-hint`, `{idPrefix}-error` (idPrefix: the name).
 */
export function CheckboxList({
  name,
  legend,
  options,
  chosen,
  hint,
  error,
  idPrefix = name,
  search,
}: {
  name: string;
  legend: ReactNode;
  options: Option[];
  chosen: ReadonlySet<string> | readonly string[];
  hint?: ReactNode;
  error?: string;
  idPrefix?: string;
  /** a way to narrow a long list (its field and button), drawn above the boxes */
  search?: ReactNode;
}) {
  const hintId = hint ? `${idPrefix}-hint` : undefined;
  const errorId = `${idPrefix}-error`;
  const describedBy = [hintId, error ? errorId : undefined].filter(Boolean).join(" ") || undefined;
  const checked = (value: string) => ("has" in chosen ? chosen.has(value) : chosen.includes(value));
  return (
    <fieldset className="stack" aria-describedby={describedBy}>
      <legend>{legend}</legend>
      {hint ? (
        <p className="muted" id={hintId}>
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
      {search}
      {options.length === 0 ? (
        <p>{search ? "None matches: try another name, or clear the search." : "None to choose from."}</p>
      ) : (
        <div className="checkbox-list">
          {options.map((o) => (
            <label key={o.value} className="checkbox">
              <input type="checkbox" name={name} value={o.value} defaultChecked={checked(o.value)} /> {o.label}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
