import { Link } from "@remix-run/react";

/**
 * A list's "Status: All · Waiting · …" links (the admin e-mails and sync-status lists): the current one is bold and
 * marked as the page, each other one links to `path` with `?status=` (none for the first, whose value is "").
 */
export function StatusFilter({
  label,
  path,
  links,
  current,
}: {
  label: string;
  path: string;
  links: ReadonlyArray<readonly [value: string, label: string]>;
  current: string;
}) {
  return (
    <nav aria-label={label}>
      <p>
        Status:{" "}
        {links.map(([value, text], i) => (
          <span key={value}>
            {i > 0 ? " · " : null}
            {current === value ? (
              <strong aria-current="page">{text}</strong>
            ) : (
              <Link to={value ? `${path}?status=${value}` : path}>{text}</Link>
            )}
          </span>
        ))}
      </p>
    </nav>
  );
}
