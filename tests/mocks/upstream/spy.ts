import { http } from "msw";
import type { SetupServer } from "msw/node";
import { UPSTREAM } from "./fixtures";

/**
 * Records the JSON body of every POST to `path` and lets the handlers already in place answer it (a resolver that
 * returns nothing falls through), so a test can say what reached the provider, or that nothing did.
 */
export function spyOnPosts(server: SetupServer, path: string): unknown[] {
  const seen: unknown[] = [];
  server.use(
    http.post(`${UPSTREAM}${path}`, async ({ request }) => {
      seen.push(await request.clone().json());
    }),
  );
  return seen;
}
