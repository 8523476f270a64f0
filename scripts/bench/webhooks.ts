// Webhook delivery throughput: a backlog of events drained by two worker
// processes into a local HTTPS receiver (its own process, answering 200 at
// once). The rate is deliveries recorded as succeeded per second of draining.
import { spawn, type ChildProcess } from "node:child_process";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "../../server/db/client";
import { seal } from "../../server/lib/seal";
import { freePort } from "../../test/free-port";
import { childEnv } from "../../server/config/config";

export type WebhookBench = { events: number; workers: number; drainSeconds: number; perSecond: number };

export async function benchWebhooks(
  databaseUrl: string,
  accountId: string,
  events: number,
  workers = 2,
): Promise<WebhookBench> {
  const port = await freePort();
  const certFile = join(tmpdir(), `kasa-bench-receiver-${port}.pem`);
  const receiver = await startProcess(
    ["--import", "tsx", "test/fixtures/serve-https-receiver.ts"],
    { PORT: String(port), CERT_FILE: certFile },
    "https receiver at",
  );
  const started: ChildProcess[] = [receiver];
  try {
    await sql().query(`DELETE FROM webhook_endpoints WHERE account_id = $1`, [accountId]);
    await sql().query(
      `INSERT INTO webhook_endpoints (id, account_id, url, events, secret) VALUES (gen_random_uuid(), $1, $2, ARRAY['*'], $3)`,
      [accountId, `https://localhost:${port}/bench`, seal("whsec_YmVuY2gtb25seS1zaWduaW5nLXNlY3JldA==")],
    );
    const run = `${Date.now().toString(36)}_`; // transaction ids unique across runs
    console.log(`bench: raising ${events} events (the outbox trigger writes one delivery each)`);
    await sql().query(
      `INSERT INTO events (account_id, transaction_id, event, data)
       SELECT $1, 'sms_bench' || $3 || n, 'sms.delivered', jsonb_build_object('transaction_id', 'sms_bench' || $3 || n, 'type', 'sms', 'status', 'delivered') FROM generate_series(1, $2::int) n`,
      [accountId, events, run],
    );
    await sql().query("VACUUM (ANALYZE) webhook_deliveries, events");
    const env = { DATABASE_URL: databaseUrl, WEBHOOK_ALLOWED_HOSTS: "localhost", NODE_EXTRA_CA_CERTS: certFile };
    const ready = await Promise.all(
      Array.from({ length: workers }, () =>
        startProcess(["--import", "tsx", "server/workers/main.ts"], env, "worker: ready"),
      ),
    );
    started.push(...ready);
    const t0 = performance.now();
    for (;;) {
      const { rows } = await sql().query<{ left: number }>(
        `SELECT count(*)::int AS left FROM webhook_deliveries WHERE status <> 'succeeded'`,
      );
      if (rows[0]!.left === 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const drainSeconds = (performance.now() - t0) / 1000;
    const result = {
      events,
      workers,
      drainSeconds: Math.round(drainSeconds * 10) / 10,
      perSecond: Math.round(events / drainSeconds),
    };
    console.log(
      `bench: ${events} webhook deliveries with ${workers} workers drained in ${result.drainSeconds} s: ${result.perSecond}/s`,
    );
    return result;
  } finally {
    for (const child of started) child.kill("SIGTERM");
    await Promise.all(started.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once("exit", r)))));
  }
}

function startProcess(args: string[], env: Record<string, string>, readyLine: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
    env: childEnv(env),
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk) => {
      output += chunk;
      if (output.includes(readyLine)) resolve(child);
    });
    child.once("exit", (code) => reject(new Error(`${args.join(" ")} exited ${code}: ${output}`)));
  });
}

export function webhookReport(runs: WebhookBench[]) {
  const table = runs
    .map((r) => `| ${r.events.toLocaleString("en")} | ${r.workers} | ${r.drainSeconds} | ${r.perSecond} |`)
    .join("\n");
  return `## Webhook delivery (${new Date().toISOString().slice(0, 10)})

A backlog of \`sms.delivered\` events (written through the outbox trigger, one delivery each) drained by worker
processes (\`npm run worker\`, default settings: 64 attempts in flight each, keep-alive HTTPS) into a local HTTPS
receiver in its own process that answers 200 at once. Signing, the connect-time address check and the
per-attempt record are all in the path. ${cpus().length} cores shared by PostgreSQL, the workers and the receiver.

| Events in the backlog | Workers | Drain time s | Deliveries/s |
|---|---|---|---|
${table}

Target (docs/decisions.md, "Webhooks"): at least 500 deliveries/s on 2 cores.`;
}
