import { testLoadContext } from "~/http/context";
import { commitSession, getSession, type SessionData, type SessionFlash } from "~/session/session.server";

/** A Cookie header carrying a portal session with the given values. */
export async function sessionCookie(values: Partial<SessionData> = { token: "token-1" }): Promise<string> {
  const session = await getSession(new Request("http://portal.test/"));
  for (const [key, value] of Object.entries(values)) session.set(key as keyof SessionData, value as string);
  const setCookie = await commitSession(session);
  return setCookie.split(";")[0];
}

export function get(path: string, cookie?: string): Request {
  return new Request(`http://portal.test${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

/**
 * A form's fields: a record, name/value pairs where a name repeats (checkbox groups), or FormData for a multipart
 * post with a file (the browser then sets the Content-Type with its boundary).
 */
export type Form = Record<string, string> | Array<[string, string]> | FormData;

export function post(path: string, form: Form, cookie?: string): Request {
  const multipart = form instanceof FormData;
  const headers: Record<string, string> = { Origin: "http://portal.test" };
  if (!multipart) headers["Content-Type"] = "application/x-www-form-urlencoded";
  if (cookie) headers.Cookie = cookie;
  const body = multipart ? form : new URLSearchParams(form);
  return new Request(`http://portal.test${path}`, { method: "POST", headers, body });
}

/** Runs a loader as the default test session at `path`, with the route's params. */
export async function loadAt<T>(
  fn: (args: {
    request: Request;
    params: Record<string, string>;
    context: ReturnType<typeof testLoadContext>;
  }) => Promise<T>,
  path: string,
  params: Record<string, string> = {},
): Promise<T> {
  return fn({ request: get(path, await sessionCookie()), params, context: testLoadContext() });
}

/** Runs a loader/action and returns the Response it threw or returned (redirects are thrown). */
export async function settle(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
}

export function locationOf(result: unknown): string | null {
  return result instanceof Response ? result.headers.get("Location") : null;
}

/** The toast a response flashed into the session it sets (its Set-Cookie), or undefined when it flashed none. */
export async function toastOf(result: unknown): Promise<SessionFlash["toast"] | undefined> {
  const cookie = ((result as Response).headers.get("Set-Cookie") ?? "").split(";")[0];
  const session = await getSession(new Request("http://portal.test/", { headers: { Cookie: cookie } }));
  return session.get("toast");
}

/** A loader's answer as its status and data: data sent with a status (`data(x, { status: 400 })`), or plain data, a 200. */
export function statusAndData<Data extends object>(
  result: Data | { data: Data; init: ResponseInit | null },
): { status: number; data: Data } {
  return "init" in result
    ? { status: result.init?.status ?? 200, data: result.data as Data }
    : { status: 200, data: result };
}
