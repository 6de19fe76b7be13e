// Paths compared as Remix matches them: the sidebar (in the browser) and the access guard both use these.

// Remix matches routes case-insensitively and on decoded paths, so the guard must compare the same
// way, or '/ADMIN' or '/%61dmin' would reach a page the guard thought was something else.
export function pathSegments(pathname: string): string[] {
  return pathname
    .split("/")
    .filter((s) => s !== "")
    .map((s) => {
      try {
        return decodeURIComponent(s).toLowerCase();
      } catch {
        return s.toLowerCase();
      }
    });
}

/** True when `pathname` is `base` or anything below it, compared segment by segment. */
export function isPathWithin(pathname: string, base: string): boolean {
  const path = pathSegments(pathname);
  const prefix = pathSegments(base);
  return prefix.length <= path.length && prefix.every((seg, i) => path[i] === seg);
}
