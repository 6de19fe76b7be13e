import type { Reporter, TestModule } from "vitest/node";

/**
 * Closes a vitest run with one line per project (the portal, the provider on SQLite, the provider on PostgreSQL),
 * so CI's output shows that each database's run happened and what it counted (decision 143).
 */
export default class ProjectSummary implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const counts = new Map<string, { passed: number; failed: number; skipped: number }>();
    for (const module of testModules) {
      const name = module.project.name || "default";
      const count = counts.get(name) ?? { passed: 0, failed: 0, skipped: 0 };
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") count.passed++;
        else if (state === "failed") count.failed++;
        else count.skipped++;
      }
      counts.set(name, count);
    }
    const lines = [...counts].map(
      ([name, c]) => `${name}: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`,
    );
    process.stdout.write(`\nTests by project\n${lines.join("\n")}\n`);
  }
}
