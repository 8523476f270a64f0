import { defineConfig } from "@playwright/test";
import { tmpdir } from "node:os";
import { join } from "node:path";

// The suite runs against a production build (`npm run test:e2e` builds it
// into .next-e2e first) served by `next start`, which boots its own embedded
// PostgreSQL in a throwaway data dir: the same path a fresh machine takes.
const PORT = Number(process.env.E2E_PORT ?? 3917);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const DATA_DIR = join(tmpdir(), `kasa-e2e-${PORT}`);

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    baseURL: BASE_URL,
    browserName: "chromium",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    },
  },
  webServer: {
    command: `rm -rf ${DATA_DIR} && next start -p ${PORT} -H 127.0.0.1`,
    url: `${BASE_URL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      KASA_DIST_DIR: ".next-e2e",
      KASA_DATA_DIR: DATA_DIR,
      KASA_PG_PORT: String(Number(process.env.E2E_PG_PORT ?? 54917)),
      KASA_PUBLIC_URL: BASE_URL,
      NEXTAUTH_SECRET: "e2e-only-session-secret",
      NEXT_TELEMETRY_DISABLED: "1",
    },
  },
});
