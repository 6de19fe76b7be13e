import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";
import { slowestLines, type TestTime } from "./slowest";

/**
 * Prints the 15 slowest tests at the end of a run (issue 31): the time of every attempt added up, so a test that
 * needed a retry counts what it cost the run. `scripts/slowest-tests.ts` prints the same list from a JSON report.
 */
export default class SlowestReporter implements Reporter {
  private readonly times = new Map<TestCase, TestTime>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const earlier = this.times.get(test);
    this.times.set(test, {
      title: test.titlePath().filter(Boolean).slice(1).join(" › "),
      project: test.parent.project()?.name ?? "",
      durationMs: (earlier?.durationMs ?? 0) + result.duration,
      retries: result.retry,
      outcome: test.outcome(),
    });
  }

  onEnd(): void {
    if (this.times.size === 0) return;
    console.log(`\n${slowestLines([...this.times.values()]).join("\n")}`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
