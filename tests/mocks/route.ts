import type { RequestHandler } from "msw";
import { beforeAll } from "vitest";
import { testLoadContext, type PortalLoadContext } from "~/http/context";
import type { SessionData } from "~/session/session.server";
import { get, post, sessionCookie, settle, type Form } from "./requests";
import { useUpstreamMock } from "./server";
import { authHandlers } from "./upstream/auth";
import { sessionAnswer } from "./upstream/fixtures";

type Params = Record<string, string>;

/** An action's refusal as a form shows it: the status, the message under each field, the form's message, what was typed. */
export type Refusal<Values = Record<string, unknown>> = {
  init: ResponseInit;
  data: { ok: false; fieldErrors: Record<string, string>; formError: string | null; values: Values | null };
};
/** A loader or an action as a route module exports it. */
type RouteFunction = (args: { request: Request; params: Params; context: PortalLoadContext }) => Promise<unknown>;
type SessionAnswer = ReturnType<typeof sessionAnswer>;

/** Where a call goes besides the route's own path: a query to append, the route's params, another session cookie. */
type CallOptions = { query?: string; params?: Params; cookie?: string };

/**
 * The set-up every portal route test shares (decision 177): one msw server for the file (the upstream mock), the
 * signed-in session cookie (the default test session, or the values given), `signIn` to say who the provider's session answer is and which upstream handlers
 * answer, and `route` to bind a route's loader and action to its path so a test calls `load()` and `send(form)`.
 * Loaders and actions run with `testLoadContext()`; what they throw (redirects, 404s) is returned, as `settle` does.
 */
export function useRouteTest(values?: Partial<SessionData>) {
  const server = useUpstreamMock();
  let cookie = "";
  beforeAll(async () => {
    cookie = await sessionCookie(values);
  });

  /** Runs a loader or action on a request; the Response or error it threw comes back as its result. */
  function run(fn: RouteFunction, request: Request, params: Params = {}): Promise<unknown> {
    return settle(() => fn({ request, params, context: testLoadContext() }));
  }

  /** `/admin/user/:userId` with `{ userId: "5" }` is `/admin/user/5`. */
  function pathOf(path: string, options: CallOptions): string {
    const filled = path.replace(/:(\w+)/g, (_, name: string) => options.params?.[name] ?? `:${name}`);
    return filled + (options.query ?? "");
  }

  return {
    server,
    /** The default session's Cookie header (the provider answers it with the session `signIn` gave). */
    cookie: () => cookie,
    run,
    /**
     * The provider's answers for this test: the session (a `sessionAnswer(...)`, or its overrides, or the default
     * buyer when left out) and the handlers of the upstream resources the route calls.
     */
    signIn(session: SessionAnswer | Parameters<typeof sessionAnswer>[0] = {}, ...handlers: RequestHandler[]) {
      const answer = "user" in session ? session : sessionAnswer(session);
      // the route's handlers first: msw answers with the first that matches, so a resource mock that answers the
      // session itself (the admin-session mock's act-as token) wins over the default session answer
      server.use(...handlers, ...authHandlers({ session: answer }));
    },
    /**
     * A route's loader and action bound to its path (`:name` segments are filled from `params`): `load()` GETs it,
     * `send(form)` POSTs the form to it, both as the default session unless `cookie` says otherwise.
     */
    route(path: string, module: { loader?: RouteFunction; action?: RouteFunction }) {
      const { loader, action } = module;
      return {
        load: (options: CallOptions | string = {}) => {
          if (!loader) throw new Error(`no loader bound for ${path}`);
          const call = typeof options === "string" ? { query: options } : options;
          return run(loader, get(pathOf(path, call), call.cookie ?? cookie), call.params);
        },
        send: (form: Form, options: CallOptions | string = {}) => {
          if (!action) throw new Error(`no action bound for ${path}`);
          const call = typeof options === "string" ? { query: options } : options;
          return run(action, post(pathOf(path, call), form, call.cookie ?? cookie), call.params);
        },
      };
    },
  };
}
