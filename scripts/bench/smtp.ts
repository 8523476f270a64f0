// `npm run bench -- smtp` (docs/decisions.md, "SMTP relay"): messages a second through the SMTP submission service, 20 clients at once
// (each one connection, STARTTLS, AUTH once, then message after message, as an app's mail pool does), beside the
// API's email/send with 20 connections; both live keys, both to the same local relay in its own process.
import { spawn, type ChildProcess } from "node:child_process";
import { createTransport } from "nodemailer";
import { selfSignedCertificate } from "../../server/smtp/self-signed";
import { freePort } from "../../test/free-port";
import {
  DURATION,
  KASA_SERVER_ARGS,
  WARM_UP_SECONDS,
  load,
  serverEnv,
  tcpOpen,
  withServer,
  type BenchAccount,
  type Row,
} from "./harness";
import { childEnv } from "../../server/config/config";

const CLIENTS = 20;

export async function benchSmtp(databaseUrl: string, fixture: BenchAccount): Promise<string> {
  const relayPort = await freePort();
  const relay: ChildProcess = spawn(process.execPath, ["--import", "tsx", "test/fixtures/serve-smtp-sink.ts"], {
    env: childEnv({ PORT: String(relayPort) }),
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 100 && !(await tcpOpen(relayPort)); i++) await new Promise((r) => setTimeout(r, 100));
  const submissionPort = await freePort();
  const tls = await selfSignedCertificate("localhost");
  const env = serverEnv(databaseUrl, {
    SMTP_URL: `smtp://127.0.0.1:${relayPort}`,
    KASA_SUBMISSION_PORT: String(submissionPort),
    KASA_SUBMISSION_TLS_CERT: tls.cert,
    KASA_SUBMISSION_TLS_KEY: tls.key,
  });
  const rows: Row[] = [];
  try {
    await withServer("kasa (lean front, SMTP submission)", KASA_SERVER_ARGS, env, async (url) => {
      rows.push(
        await load(
          `email/send over HTTP, ${CLIENTS} connections`,
          `${url}/api/v1/email/send`,
          "POST",
          { authorization: `Bearer ${fixture.liveKey}` },
          JSON.stringify({ to: "reader@example.org", subject: "Bench", text: "Hello from the benchmark" }),
          DURATION,
          CLIENTS,
        ),
      );
      await smtpLoad(submissionPort, fixture.liveKey, WARM_UP_SECONDS);
      rows.push(await smtpLoad(submissionPort, fixture.liveKey, DURATION));
    });
  } finally {
    relay.kill("SIGTERM");
  }
  return smtpReport(rows);
}

/** CLIENTS mail clients sending one message after another for `seconds`: messages a second and latencies. */
async function smtpLoad(port: number, key: string, seconds: number): Promise<Row> {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      const transport = createTransport({
        host: "127.0.0.1",
        port,
        secure: false,
        requireTLS: true,
        pool: true,
        maxConnections: 1,
        maxMessages: Infinity,
        auth: { user: "kasa", pass: key },
        tls: { rejectUnauthorized: false },
      });
      for (let n = 0; performance.now() < until; n++) {
        const started = performance.now();
        try {
          await transport.sendMail({
            from: "bench@bench.example.com",
            to: "reader@example.org",
            subject: "Bench",
            text: "Hello from the benchmark",
            messageId: `<bench-${client}-${n}-${started}@bench.example.com>`,
          });
          latencies.push(performance.now() - started);
        } catch {
          errors++;
        }
      }
      transport.close();
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0);
  const row = {
    name: `SMTP submission, ${CLIENTS} clients (STARTTLS, one connection each)`,
    rps: Math.round(latencies.length / seconds),
    p50: at(0.5),
    p99: at(0.99),
    non2xx: 0,
    errors,
  };
  console.log(`bench: ${row.name}: ${row.rps} messages/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${errors}`);
  return row;
}

function smtpReport(rows: Row[]): string {
  return `## SMTP submission (${new Date().toISOString().slice(0, 10)})

\`npm run bench -- smtp\`: ${DURATION} s each after ${WARM_UP_SECONDS} s of warm-up, live key (ledger, limits, request log,
DKIM), every message to one recipient, relayed to a local SMTP sink in its own process. The SMTP clients are
nodemailer pools of one connection each (STARTTLS, AUTH once, then message after message); the HTTP row is
autocannon with as many connections.

| Path | messages/s | p50 ms | p99 ms | errors |
|---|---|---|---|---|
${rows.map((r) => `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx + r.errors} |`).join("\n")}

Over SMTP each message is also read from MIME (mailparser) before the same pipeline, and its 20 clients (nodemailer,
in the bench process) share the 2 cores with the server, where autocannon costs little.`;
}
