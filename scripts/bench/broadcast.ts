// `npm run bench -- broadcast` (issue #26): importing 100,000 contacts through POST /api/v1/contacts/import, then a
// broadcast to all of them in the sandbox while sms/send is loaded beside it on the same account: its latency
// without and with the broadcast running, the broadcast's own pace meanwhile, and what its status costs at that size.
import { freePort } from "../../test/free-port";
import { sql } from "../../server/db/client";
import { CONNECTIONS, DURATION, KASA_SERVER_ARGS, load, serverEnv, withServer, type Row } from "./harness";
import type { BenchAccount } from "./harness";

const CONTACTS = Number(process.env.BENCH_BROADCAST_CONTACTS ?? 100_000);
const SEND = JSON.stringify({ to: "+233241234567", message: "Bench beside a broadcast" });

export async function benchBroadcast(databaseUrl: string, fixture: BenchAccount): Promise<string> {
  const env = serverEnv(databaseUrl, { KASA_WORKER: "on", KASA_WORKER_METRICS_PORT: String(await freePort()) });
  let report = "";
  await withServer("kasa (lean front, worker beside)", KASA_SERVER_ARGS, env, async (url) => {
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${url}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${fixture.testKey}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json()) as { data?: Record<string, unknown>; error?: unknown };
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json.error)}`);
      return json.data!;
    };
    const list = await call("POST", "/lists", { name: "Everyone" });
    const csv = buildCsv(CONTACTS);
    const importStart = performance.now();
    const imported = await call("POST", "/contacts/import", { csv, list_id: list.id });
    const importSeconds = (performance.now() - importStart) / 1000;
    console.log(`bench: broadcast: imported ${JSON.stringify(imported)} in ${importSeconds.toFixed(1)} s`);

    const sendHeaders = { authorization: `Bearer ${fixture.testKey}` };
    const alone = await load("sms/send, test key, alone", `${url}/api/v1/sms/send`, "POST", sendHeaders, SEND);

    const broadcast = await call("POST", "/broadcasts", {
      name: "Bench",
      channel: "sms",
      list_id: list.id,
      body: "Hello {{first_name}} of {{attributes.city}}",
      category: "transactional",
    });
    await call("POST", "/broadcasts/send", { id: broadcast.id });
    await waitForSends(String(broadcast.id), 100);
    const before = await settled(String(broadcast.id));
    const windowStart = performance.now();
    const beside = await load(
      "sms/send, test key, beside the broadcast",
      `${url}/api/v1/sms/send`,
      "POST",
      sendHeaders,
      SEND,
    );
    const windowSeconds = (performance.now() - windowStart) / 1000;
    const pace = Math.round(((await settled(String(broadcast.id))) - before) / windowSeconds);
    const status = await timeStatus(url, fixture.testKey, String(broadcast.id));
    await call("POST", "/broadcasts/cancel", { id: broadcast.id });
    report = broadcastReport({ imported, importSeconds, alone, beside, pace, status, csvBytes: csv.length });
  });
  return report;
}

function buildCsv(n: number): string {
  const cities = ["Accra", "Kumasi", "Tamale", "Ho", "Cape Coast"];
  const rows = ["phone,first_name,last_name,city"];
  for (let i = 0; i < n; i++)
    rows.push(`024${String(1_000_000 + i).padStart(7, "0")},Name${i},Family${i % 977},${cities[i % cities.length]}`);
  return rows.join("\n");
}

async function settled(broadcastId: string): Promise<number> {
  const { rows } = await sql().query<{ n: string }>(
    `SELECT count(*) AS n FROM broadcast_recipients WHERE broadcast_id = $1 AND status NOT IN ('queued', 'sending')`,
    [broadcastId],
  );
  return Number(rows[0]!.n);
}

async function waitForSends(broadcastId: string, atLeast: number) {
  for (let i = 0; i < 600; i++) {
    if ((await settled(broadcastId)) >= atLeast) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the broadcast never started sending");
}

/** GET /broadcasts/status at full size, one at a time: what a dashboard polling it costs. */
async function timeStatus(url: string, key: string, id: string) {
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const start = performance.now();
    const res = await fetch(`${url}/api/v1/broadcasts/status?id=${id}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    await res.text();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: Math.round(times[10]!), p95: Math.round(times[18]!) };
}

function broadcastReport(r: {
  imported: Record<string, unknown>;
  importSeconds: number;
  alone: Row;
  beside: Row;
  pace: number;
  status: { p50: number; p95: number };
  csvBytes: number;
}): string {
  const ratio = (r.beside.rps / r.alone.rps) * 100;
  return `## Broadcasts: ${CONTACTS.toLocaleString("en")} contacts (${new Date().toISOString().slice(0, 10)})

\`npm run bench -- broadcast\` on the lean front with the worker beside it (one embedded PostgreSQL, 2 cores):

- **Import**: ${CONTACTS.toLocaleString("en")} rows (${(r.csvBytes / 1024 / 1024).toFixed(1)} MiB of CSV) through
  POST /api/v1/contacts/import into one list: ${r.importSeconds.toFixed(1)} s (${Math.round(CONTACTS / r.importSeconds).toLocaleString("en")} rows/s),
  answer ${JSON.stringify({ imported: r.imported.imported, updated: r.imported.updated, skipped_total: r.imported.skipped_total })}.
- **sms/send beside a broadcast** (autocannon, ${CONNECTIONS} connections, ${DURATION} s, the same account's test key, while
  the worker sends the ${CONTACTS.toLocaleString("en")}-recipient sandbox broadcast at the plan's pace, here unbounded):

| sms/send | req/s | p50 ms | p99 ms | non-2xx + errors |
|---|---|---|---|---|
| ${r.alone.name} | ${r.alone.rps} | ${r.alone.p50} | ${r.alone.p99} | ${r.alone.non2xx + r.alone.errors} |
| ${r.beside.name} | ${r.beside.rps} | ${r.beside.p50} | ${r.beside.p99} | ${r.beside.non2xx + r.beside.errors} |

  Beside the broadcast, sms/send keeps ${ratio.toFixed(0)} % of its throughput; the broadcast meanwhile settled
  ${r.pace} recipients a second.
- **GET /broadcasts/status** at ${CONTACTS.toLocaleString("en")} recipients, mid-send: p50 ${r.status.p50} ms, p95 ${r.status.p95} ms.`;
}
