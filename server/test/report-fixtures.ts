import { startTestProvider, type TestProvider } from "./fixtures";

/** The test provider without its report worker (PROVIDER_REPORT_WORKER=off), for tests that run reports or workers themselves. */
export async function startProviderWithoutReportWorker(): Promise<TestProvider> {
  process.env.PROVIDER_REPORT_WORKER = "off";
  try {
    return await startTestProvider();
  } finally {
    delete process.env.PROVIDER_REPORT_WORKER;
  }
}
