import { startTestProvider, type TestProvider } from "./fixtures";

/** The test provider without its queue workers (as role `api`), for tests that run reports or workers themselves. */
export function startProviderWithoutReportWorker(): Promise<TestProvider> {
  return startTestProvider({ backgroundWork: false });
}
