// vitest's global setup for `npm run test:scale`: PostgreSQL is required (the test is about several processes on one
// PostgreSQL database), and the portal's production build is made when it is missing or older than app/.
import { buildPortalWhenNeeded } from "./cluster";

const say = (line: string) => void process.stdout.write(`${line}\n`);

export default async function setup(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) {
    const banner = "=".repeat(100);
    const lines = [
      banner,
      "SCALE TEST NOT RUN: TEST_DATABASE_URL is not set.",
      "It needs a PostgreSQL server: set TEST_DATABASE_URL=postgres://user:password@host:port/database (a role that may",
      "create databases; the test makes one of its own beside it and drops it at the end), as .ci/run does.",
      banner,
    ];
    if (process.env.SCALE_TEST_OPTIONAL === "1") {
      say([...lines.slice(0, -1), "SCALE_TEST_OPTIONAL=1: skipped, not failed.", banner].join("\n"));
      return;
    }
    throw new Error(`\n${lines.join("\n")}\nSet SCALE_TEST_OPTIONAL=1 to skip it instead of failing.`);
  }
  await buildPortalWhenNeeded(say);
}
