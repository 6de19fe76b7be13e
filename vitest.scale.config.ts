import { defineConfig } from "vitest/config";

// `npm run test:scale` (issue 33 item 5): two provider and two portal processes on one PostgreSQL database, driven over
// HTTP. Its own configuration, so `npm run test:unit` never picks it up; tests/scale/setup.ts requires PostgreSQL.
export default defineConfig({
  test: {
    include: ["tests/scale/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    globalSetup: ["tests/scale/setup.ts"],
    // the steps share the four processes and run in order
    sequence: { concurrent: false },
    testTimeout: 90_000,
    hookTimeout: 180_000,
    reporters: ["verbose"],
  },
});
