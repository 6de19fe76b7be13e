/** One test in one project, as the slowest-tests list shows it; `outcome` in Playwright's words ("expected", "flaky"…). */
export type TestTime = { title: string; project: string; durationMs: number; retries: number; outcome: string };

/** The `count` slowest, slowest first, as lines to print: time (every attempt added up), project, title, and the
 * outcome when it was not a plain pass. */
export function slowestLines(times: readonly TestTime[], count = 15): string[] {
  const slowest = [...times].sort((a, b) => b.durationMs - a.durationMs).slice(0, count);
  const total = times.reduce((sum, t) => sum + t.durationMs, 0);
  const width = Math.max(0, ...slowest.map((t) => t.project.length));
  return [
    `${slowest.length} slowest of ${times.length} tests (${seconds(total)} of test time in all):`,
    ...slowest.map((t) => {
      const note =
        t.outcome === "expected" && t.retries === 0
          ? ""
          : ` [${t.outcome}, ${t.retries} retr${t.retries === 1 ? "y" : "ies"}]`;
      return `${seconds(t.durationMs).padStart(7)}  ${t.project.padEnd(width)}  ${t.title}${note}`;
    }),
  ];
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
