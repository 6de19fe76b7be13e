// `tsx scripts/slowest-tests.ts report.json [count]`: the slowest tests of a Playwright JSON report (reporter "json",
// e.g. PLAYWRIGHT_JSON_OUTPUT_NAME=pw.json npx playwright test --reporter=list,json), as the e2e run prints them.
import { readFileSync } from "node:fs";
import { slowestLines, type TestTime } from "../tests/e2e/support/slowest";

type JsonResult = { duration: number; retry: number };
type JsonTest = { projectName: string; status: string; results: JsonResult[] };
type JsonSpec = { title: string; file: string; tests: JsonTest[] };
type JsonSuite = { title: string; specs?: JsonSpec[]; suites?: JsonSuite[] };

function collect(suite: JsonSuite, path: string[], into: TestTime[]): void {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      into.push({
        title: [...path, spec.title].join(" › "),
        project: test.projectName,
        durationMs: test.results.reduce((sum, r) => sum + r.duration, 0),
        retries: Math.max(0, test.results.length - 1),
        outcome: test.status,
      });
    }
  }
  for (const child of suite.suites ?? []) collect(child, [...path, child.title], into);
}

const [file, count = "15"] = process.argv.slice(2);
if (!file) {
  console.error("usage: tsx scripts/slowest-tests.ts <playwright-json-report> [count]");
  process.exit(1);
}
const report = JSON.parse(readFileSync(file, "utf8")) as { suites: JsonSuite[] };
const times: TestTime[] = [];
for (const suite of report.suites) collect(suite, [suite.title], times);
console.log(slowestLines(times, Number(count)).join("\n"));
