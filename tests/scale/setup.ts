// vitest's global setup for `npm run test:scale`: says loudly when there is no PostgreSQL to run on (the test file then
// fails, or skips under SCALE_TEST_OPTIONAL=1), and makes the portal's production build when it is missing or older
// than app/.
import { buildPortalWhenNeeded } from "./cluster";
import { NO_POSTGRES } from "./no-postgres";

const say = (line: string) => void process.stdout.write(`${line}\n`);

export default async function setup(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) return say(NO_POSTGRES);
  await buildPortalWhenNeeded(say);
}
