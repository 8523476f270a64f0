import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL(".", import.meta.url)),
      // The SDK's examples import it by its package name, as a customer's app does.
      "@kasa/sdk": fileURLToPath(new URL("./sdk/src/index.ts", import.meta.url)),
    },
  },
  test: {
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**", "e2e/**", ".next*/**", ".data/**"],
    globalSetup: ["./test/global-setup.ts"],
    setupFiles: ["./test/use-test-database.ts"],
    pool: "forks",
    // Vitest's default on a 2-core machine is one file at a time; most of a file's time is spent waiting on
    // PostgreSQL, a child process or a socket, so two at once nearly halve the run (docs/decisions.md, Tests and CI).
    maxWorkers: 2,
    // A worker keeps its modules from one file to the next: importing the router and its modules again for each of
    // 140 files was a third of the run. Each file still gets its own database and settings (test/use-test-database.ts),
    // and what a process keeps in memory about either starts over with them (server/config/per-configuration.ts).
    isolate: false,
    // The test processes' own request lines would drown the output; processes a test starts ask for "info".
    env: { KASA_LOG_LEVEL: "warn" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
