import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";
import { resetEnvForTests } from "~/env.server";
import { resetSessionStorageForTests } from "~/session/session.server";
import { UPSTREAM } from "./upstream/fixtures";

/**
 * The chrome's two public content calls (issue 18: the footer's pages and the site banner, the header's news total),
 * made on every page of the default and basket layouts: answered empty unless a test's own handlers say otherwise
 * (handlers a test adds come first), so a test about something else neither mocks them nor logs them as unhandled.
 */
const chromeContent = [
  http.get(`${UPSTREAM}/api/wp/v2/pages`, () =>
    HttpResponse.json([], { headers: { "x-wp-total": "0", "x-wp-totalpages": "0" } }),
  ),
  http.get(`${UPSTREAM}/api/wp/v2/posts`, () =>
    HttpResponse.json([], { headers: { "x-wp-total": "0", "x-wp-totalpages": "0" } }),
  ),
  // the dashboard's live promotions (issue 21, decision 134): none unless a test says otherwise
  http.get(`${UPSTREAM}/api/promotion`, () => HttpResponse.json({ total: 0, data: [] })),
];

/** One msw server per test file; an upstream call no handler expects fails the test (the chrome's content calls aside). */
export function useUpstreamMock() {
  const server = setupServer(...chromeContent);
  beforeAll(() => {
    process.env.UPSTREAM_URL = UPSTREAM;
    process.env.SESSION_SECRETS = "test-secret-new,test-secret-old";
    resetEnvForTests();
    resetSessionStorageForTests();
    server.listen({ onUnhandledRequest: "error" });
  });
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
