import { defineConfig } from "@playwright/test";
import { tmpdir } from "node:os";
import { join } from "node:path";

// The suite runs against the production build a customer makes (`npm run test:e2e` runs `npm run build` into .next
// first), served by `npm start` itself, which boots its own embedded PostgreSQL in a throwaway data dir: the same
// path a fresh machine takes.
const PORT = Number(process.env.E2E_PORT ?? 3917);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const DATA_DIR = join(tmpdir(), `kasa-e2e-${PORT}`);
const TWILIO_PORT = PORT + 1;
const DNS_PORT = PORT + 2;
// Obvious test credentials for the local Twilio-compatible carrier the suite starts.
const TWILIO = { TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000000", TWILIO_AUTH_TOKEN: "e2e-auth-token" };
const RECEIVER_PORT = PORT + 4;
// Written by the receiver (started before the app), trusted by the app.
const RECEIVER_CA = join(tmpdir(), `kasa-e2e-${PORT}-receiver-ca.pem`);
const PG_PORT = Number(process.env.E2E_PG_PORT ?? 54917);
const WORKER_METRICS_PORT = PORT + 5;
// Kasa's relay (SMTP_URL): the system mail of sign-up, resets and invites lands here, readable over HTTP on +1.
const SMTP_PORT = PORT + 6;
// Meta's Graph API for WhatsApp, stood in for by a local server (test/fake-whatsapp-graph.ts).
const GRAPH_PORT = PORT + 8;
const METRICS_TOKEN = "e2e-metrics-token";
// The web server's whole output (web and worker), for the teardown's check that no secret was logged.
const SERVER_LOG = "test-results/e2e-server.log";
export const E2E = {
  SERVER_LOG,
  METRICS_TOKEN,
  WORKER_METRICS_PORT,
  DATA_DIR,
  PORT,
  PG_PORT,
  RECEIVER_URL: `https://localhost:${RECEIVER_PORT}`,
  TWILIO_URL: `http://127.0.0.1:${TWILIO_PORT}`,
  INBOX_URL: `http://127.0.0.1:${SMTP_PORT + 1}`,
  /** WebAuthn refuses IP addresses as relying-party ids: passkey tests browse the app as localhost. */
  LOCALHOST_URL: `http://localhost:${PORT}`,
};

export default defineConfig({
  testDir: "e2e",
  // The fault tests start their own servers and load the machine: they run after the browser tests, not beside them.
  projects: [
    { name: "browser", testIgnore: /faults\// },
    { name: "faults", testMatch: /faults\/.*\.spec\.ts/, dependencies: ["browser"], workers: 1 },
  ],
  globalTeardown: "./e2e/global-teardown.ts",
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
      // Debian's chromium-headless-shell: the headless build Playwright itself runs by default, without the full
      // browser's UI, GPU and extension processes (the suite's browser tests use a sixth less CPU with it).
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium-headless-shell",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  webServer: [
    {
      // An empty authoritative DNS server: domain checks get fast, real "not found" answers.
      command: "node --import tsx test/fixtures/serve-dns.ts",
      port: DNS_PORT + 1,
      reuseExistingServer: false,
      env: { PORT: String(DNS_PORT) },
    },
    {
      command: "node --import tsx test/fixtures/serve-fake-twilio.ts",
      port: TWILIO_PORT,
      reuseExistingServer: false,
      env: { ...TWILIO, PORT: String(TWILIO_PORT) },
    },
    {
      // A customer's webhook endpoint over real HTTPS; web servers start in this order, so its certificate exists before the app.
      command: "node --import tsx test/fixtures/serve-https-receiver.ts",
      port: RECEIVER_PORT,
      reuseExistingServer: false,
      env: { PORT: String(RECEIVER_PORT), CERT_FILE: RECEIVER_CA },
    },
    {
      command: "node --import tsx test/fixtures/serve-fake-whatsapp-graph.ts",
      port: GRAPH_PORT,
      reuseExistingServer: false,
      env: { PORT: String(GRAPH_PORT) },
    },
    {
      command: "node --import tsx test/fixtures/serve-mail-inbox.ts",
      port: SMTP_PORT + 1,
      reuseExistingServer: false,
      env: { PORT: String(SMTP_PORT) },
    },
    {
      command: `rm -rf ${DATA_DIR} && mkdir -p test-results && npm start 2>&1 | tee ${SERVER_LOG}`,
      url: `${BASE_URL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        PORT: String(PORT),
        HOST: "127.0.0.1",
        KASA_DATA_DIR: DATA_DIR,
        // The browser tests do not submit mail over SMTP (server/smtp has its own tests).
        KASA_SUBMISSION_PORT: "off",
        KASA_PG_PORT: String(PG_PORT),
        KASA_PUBLIC_URL: BASE_URL,
        NEXTAUTH_SECRET: "e2e-only-session-secret",
        NEXT_TELEMETRY_DISABLED: "1",
        ...TWILIO,
        TWILIO_API_BASE_URL: `http://127.0.0.1:${TWILIO_PORT}`,
        KASA_DNS_SERVERS: `127.0.0.1:${DNS_PORT}`,
        WHATSAPP_GRAPH_URL: `http://127.0.0.1:${GRAPH_PORT}/v21.0`,
        // The worker runs beside the web server, as `npm start` does; it may call the local receiver.
        WEBHOOK_ALLOWED_HOSTS: "localhost",
        NODE_EXTRA_CA_CERTS: RECEIVER_CA,
        WEBHOOK_RETRY_SCHEDULE: "2,2,2",
        // No Paystack here: the sandbox checkout stands in (never on in production unless asked for).
        KASA_SANDBOX_PAYMENTS: "on",
        TOPUP_RECONCILE_AFTER_S: "2",
        KASA_METRICS_TOKEN: METRICS_TOKEN,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        KASA_SYSTEM_FROM: "Kasa <no-reply@kasa.test>",
        KASA_SUPPORT_EMAIL: "support@kasa.test",
        // Every browser of the suite signs up from 127.0.0.1, like an office behind one address.
        KASA_NETWORK_MAIL_LIMIT: "100000",
        // The deployment's number where carriers refuse alphanumeric senders (the US numbers the suite texts).
        KASA_SMS_DEFAULT_NUMBERS: "*=+15550001111",
        KASA_WEBAUTHN_ORIGIN: `http://localhost:${PORT}`,
        KASA_WORKER_METRICS_PORT: String(WORKER_METRICS_PORT),
        KASA_WORKER_METRICS_HOST: "127.0.0.1",
      },
    },
  ],
});
