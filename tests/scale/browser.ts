// A person's browser without JavaScript, for the scale test: one cookie jar used against any portal process (as a load
// balancer in front of them would send it), plain form posts with the Origin a browser sends, redirects followed by
// hand so every Set-Cookie on the way is kept. No browser engine: the portal's every flow works as plain HTML forms.

export type Page = {
  /** the status of the last answer (after the redirects, when followed) */
  status: number;
  /** the path of the last answer */
  path: string;
  /** every redirect's Location on the way, in order */
  redirects: string[];
  html: string;
};

const MAX_REDIRECTS = 10;

export class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(readonly label: string) {}

  /** GET `path` on the portal at `base`, following redirects (on that portal). */
  get(base: string, path: string): Promise<Page> {
    return this.send(base, path, { method: "GET" }, true);
  }

  /** A form post to `path` on the portal at `base`; its redirect is followed with a GET, as a browser does. */
  post(base: string, path: string, fields: Fields, options: { follow?: boolean } = {}): Promise<Page> {
    const body = new URLSearchParams();
    for (const [name, value] of fieldEntries(fields)) body.append(name, value);
    return this.send(base, path, { method: "POST", body }, options.follow ?? true);
  }

  /** A multipart form post of `fields` and one file, as a file input sends it; its redirect is followed. */
  upload(
    base: string,
    path: string,
    fields: Fields,
    file: { field: string; name: string; content: string },
  ): Promise<Page> {
    const body = new FormData();
    for (const [name, value] of fieldEntries(fields)) body.append(name, value);
    body.append(file.field, new Blob([file.content], { type: "application/json" }), file.name);
    return this.send(base, path, { method: "POST", body }, true);
  }

  private async send(base: string, path: string, init: RequestInit, follow: boolean): Promise<Page> {
    const redirects: string[] = [];
    let current = path;
    let request = init;
    for (;;) {
      const response = await fetch(new URL(current, base), {
        ...request,
        redirect: "manual",
        headers: {
          cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
          ...(request.method === "POST" ? { origin: new URL(base).origin } : {}),
        },
      });
      this.keep(response.headers.getSetCookie());
      const location = response.headers.get("location");
      if (follow && location && response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        if (redirects.length >= MAX_REDIRECTS) throw new Error(`${this.label}: too many redirects from ${path}`);
        redirects.push(location);
        current = location;
        request = { method: "GET" };
        continue;
      }
      return { status: response.status, path: current, redirects, html: await response.text() };
    }
  }

  private keep(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const gone = attributes.some((a) => {
        const [key, v = ""] = a.trim().split("=");
        if (key.toLowerCase() === "max-age") return Number(v) <= 0;
        if (key.toLowerCase() === "expires") return Date.parse(v) <= Date.now();
        return false;
      });
      if (gone || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** A form's fields: a name with one value, or several (checkboxes of one name). */
export type Fields = Record<string, string | string[]>;

function fieldEntries(fields: Fields): Array<[string, string]> {
  return Object.entries(fields).flatMap(([name, v]) =>
    (Array.isArray(v) ? v : [v]).map((x): [string, string] => [name, x]),
  );
}

const ENTITIES: Record<string, string> = { amp: "&", quot: '"', lt: "<", gt: ">", "#x27": "'", "#39": "'", nbsp: " " };

/** Text out of the server-rendered markup: `&amp;` and React's other escapes read back. */
export function decode(text: string): string {
  return text.replace(/&(amp|quot|lt|gt|#x27|#39|nbsp);/g, (_, entity: string) => ENTITIES[entity]);
}

function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const m of tag.matchAll(/\s([a-zA-Z][-a-zA-Z0-9]*)(?:="([^"]*)")?/g)) attributes[m[1]] = decode(m[2] ?? "");
  return attributes;
}

/**
 * What a browser would post from the first form whose markup contains `marker` (besides the submit button, which the
 * caller adds): hidden and text inputs, checked boxes and radios, textareas, each select's chosen options. Throws when
 * no form contains it, saying so.
 */
export function formFields(html: string, marker: string): Fields {
  const form = [...html.matchAll(/<form\b[\s\S]*?<\/form>/g)].map((m) => m[0]).find((f) => f.includes(marker));
  if (!form) throw new Error(`no form on the page contains ${marker}`);
  const fields: Fields = {};
  const add = (name: string, value: string) => {
    const had = fields[name];
    fields[name] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  };
  for (const m of form.matchAll(/<(input|textarea|select)\b([^>]*)>/g)) {
    const a = attributesOf(m[2]);
    if (!a.name || "disabled" in a) continue;
    if (m[1] === "textarea") {
      const rest = form.slice((m.index ?? 0) + m[0].length);
      add(a.name, decode(rest.slice(0, rest.indexOf("</textarea>"))));
    } else if (m[1] === "select") {
      const rest = form.slice((m.index ?? 0) + m[0].length);
      const options = [...rest.slice(0, rest.indexOf("</select>")).matchAll(/<option\b([^>]*)>/g)].map((o) =>
        attributesOf(o[1]),
      );
      const chosen = options.filter((o) => "selected" in o);
      for (const o of chosen.length || "multiple" in a ? chosen : options.slice(0, 1)) add(a.name, o.value ?? "");
    } else {
      const type = (a.type ?? "text").toLowerCase();
      if (["submit", "button", "image", "reset", "file"].includes(type)) continue;
      if ((type === "checkbox" || type === "radio") && !("checked" in a)) continue;
      add(a.name, a.value ?? (type === "checkbox" || type === "radio" ? "on" : ""));
    }
  }
  return fields;
}

/** The link texts inside the `<nav aria-label="…">` of that name, in document order. */
export function navLinks(html: string, label: string): string[] {
  const start = html.indexOf(`aria-label="${label}"`);
  if (start === -1) return [];
  const nav = html.slice(start, html.indexOf("</nav>", start));
  return [...nav.matchAll(/<a\b[^>]*>([\s\S]*?)<\/a>/g)].map((m) => decode(m[1].replace(/<[^>]+>/g, "")).trim());
}

/** The header's business unit: the option chosen in its switcher, or the one unit's name shown. */
export function headerUnit(html: string): string | null {
  const select = html.match(/<select[^>]*id="business-unit"[^>]*>([\s\S]*?)<\/select>/);
  if (select) {
    const chosen = select[1].match(/<option\b[^>]*\sselected(?:="")?[^>]*>([^<]*)<\/option>/);
    return chosen ? decode(chosen[1]) : null;
  }
  const single = html.match(/class="app-header__customer">([^<]*)</);
  return single ? decode(single[1]) : null;
}
