import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";
import { resetEnvForTests } from "~/env.server";
import { resetSessionStorageForTests } from "~/auth/session.server";
import { UPSTREAM } from "./upstream/fixtures";

/** One msw server per test file; an upstream call no handler expects fails the test. */
export function useUpstreamMock() {
  const server = setupServer();
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
