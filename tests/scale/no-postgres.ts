const BANNER = "=".repeat(100);

/** What the scale test says when TEST_DATABASE_URL is unset: loudly, at the start and in the failure. */
export const NO_POSTGRES = [
  BANNER,
  "SCALE TEST NOT RUN: TEST_DATABASE_URL is not set.",
  "It needs a PostgreSQL server: set TEST_DATABASE_URL=postgres://user:password@host:port/database (a role that may",
  "create databases: the test makes one of its own beside it and drops it at the end), as .ci/run does.",
  process.env.SCALE_TEST_OPTIONAL === "1"
    ? "SCALE_TEST_OPTIONAL=1: skipped, not failed."
    : "This is a failure; set SCALE_TEST_OPTIONAL=1 to skip it instead.",
  BANNER,
].join("\n");
