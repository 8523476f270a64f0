// `npm run bench -- broadcast` (docs/decisions.md, "Contacts, templates and broadcasts"): importing 100,000 contacts through POST /api/v1/contacts/import, then a
// broadcast to all of them in the sandbox while sms/send is loaded beside it on the same account: its latency
// without and with the broadcast running, the broadcast's own pace meanwhile, and what its status costs at that size.
import { freePort } from "../../test/free-port";
import { sql } from "../../server/db/client";
import { CONNECTIONS, DURATION, KASA_SERVER_ARGS, load, serverEnv, withServer, type Row } from "./harness";
import type { BenchAccount } from "./harness";

const CONTACTS = Number(process.env.BENCH_BROADCAST_CONTACTS ?? 100_000);
const SEND = JSON.stringify({ to: "+233241234567", message: "Bench beside a broadcast" });

/** The largest plan's pace (enterprise: 5,000 SMS a minute), then none at all. Test-key API sends are never limited. */
const ENTERPRISE_PACE = 5_000;
const UNBOUNDED = 100_000_000;

type Api = (method: string, path: string, body?: unknown) => Promise<Record<string, unknown>>;
type Beside = { row: Row; pace: number };

export async function benchBroadcast(databaseUrl: string, fixture: BenchAccount): Promise<string> {
  const env = serverEnv(databaseUrl, { KASA_WORKER: "on", KASA_WORKER_METRICS_PORT: String(await freePort()) });
  const sendHeaders = { authorization: `Bearer ${fixture.testKey}` };
  let listId = "";
  let first: { imported: Record<string, unknown>; importSeconds: number; alone: Row; paced: Beside } | undefined;
  let status = { p50: 0, p95: 0 };
  await setPace(ENTERPRISE_PACE); // read by the worker when it starts (plan limits are cached for a minute)
  await withServer("kasa (worker beside, enterprise pace)", KASA_SERVER_ARGS, env, async (url) => {
    const call = caller(url, fixture.testKey);
    listId = String((await call("POST", "/lists", { name: "Everyone" })).id);
    const csv = buildCsv(CONTACTS);
    const importStart = performance.now();
    const imported = await call("POST", "/contacts/import", { csv, list_id: listId });
    const importSeconds = (performance.now() - importStart) / 1000;
    console.log(`bench: broadcast: imported ${JSON.stringify(imported)} in ${importSeconds.toFixed(1)} s`);
    const alone = await load("sms/send, test key, alone", `${url}/api/v1/sms/send`, "POST", sendHeaders, SEND);
    const paced = await besideABroadcast(
      url,
      call,
      listId,
      sendHeaders,
      `at ${ENTERPRISE_PACE.toLocaleString("en")} a minute`,
    );
    status = paced.status;
    first = { imported, importSeconds, alone, paced };
  });
  await setPace(UNBOUNDED);
  let unbounded: Beside | undefined;
  await withServer("kasa (worker beside, unpaced)", KASA_SERVER_ARGS, env, async (url) => {
    unbounded = await besideABroadcast(url, caller(url, fixture.testKey), listId, sendHeaders, "unpaced");
  });
  return broadcastReport({ ...first!, unbounded: unbounded!, status, csvBytes: buildCsv(CONTACTS).length });
}

function caller(url: string, key: string): Api {
  return async (method, path, body) => {
    const res = await fetch(`${url}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { data?: Record<string, unknown>; error?: unknown };
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json.error)}`);
    return json.data!;
  };
}

/** sms/send loaded while a broadcast to the whole list sends; the broadcast's own pace meanwhile. */
async function besideABroadcast(
  url: string,
  call: Api,
  listId: string,
  headers: Record<string, string>,
  label: string,
): Promise<Beside & { status: { p50: number; p95: number } }> {
  const broadcast = await call("POST", "/broadcasts", {
    name: `Bench, ${label}`,
    channel: "sms",
    list_id: listId,
    body: "Hello {{first_name}} of {{attributes.city}}",
    category: "transactional",
  });
  const id = String(broadcast.id);
  await call("POST", "/broadcasts/send", { id });
  await waitForSends(id, 50);
  const before = await settled(id);
  const windowStart = performance.now();
  const row = await load(
    `sms/send, test key, beside a broadcast ${label}`,
    `${url}/api/v1/sms/send`,
    "POST",
    headers,
    SEND,
  );
  const pace = Math.round(((await settled(id)) - before) / ((performance.now() - windowStart) / 1000));
  const status = await timeStatus(url, headers.authorization!.slice(7), id);
  await call("POST", "/broadcasts/cancel", { id });
  return { row, pace, status };
}

async function setPace(perMinute: number) {
  await sql().query(`UPDATE plan_limits SET per_minute = $1 WHERE plan_id = 'bench' AND service = 'sms'`, [perMinute]);
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
  paced: Beside;
  unbounded: Beside;
  status: { p50: number; p95: number };
  csvBytes: number;
}): string {
  const share = (b: Beside) => `${((b.row.rps / r.alone.rps) * 100).toFixed(0)} %`;
  const line = (row: Row) => `| ${row.name} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.non2xx + row.errors} |`;
  return `## Broadcasts: ${CONTACTS.toLocaleString("en")} contacts (${new Date().toISOString().slice(0, 10)})

\`npm run bench -- broadcast\` on the lean front with the worker beside it (one embedded PostgreSQL, 2 cores):

- **Import**: ${CONTACTS.toLocaleString("en")} rows (${(r.csvBytes / 1024 / 1024).toFixed(1)} MiB of CSV) through
  POST /api/v1/contacts/import into one list: ${r.importSeconds.toFixed(1)} s (${Math.round(CONTACTS / r.importSeconds).toLocaleString("en")} rows/s),
  answer ${JSON.stringify({ imported: r.imported.imported, updated: r.imported.updated, skipped_total: r.imported.skipped_total })}.
- **sms/send beside a broadcast** (autocannon, ${CONNECTIONS} connections, ${DURATION} s, the same account's test key, while
  the worker sends a ${CONTACTS.toLocaleString("en")}-recipient sandbox broadcast to that list): first at the largest
  plan's pace (enterprise, ${ENTERPRISE_PACE.toLocaleString("en")} SMS a minute), then with no pace at all.

| sms/send | req/s | p50 ms | p99 ms | non-2xx + errors |
|---|---|---|---|---|
${line(r.alone)}
${line(r.paced.row)}
${line(r.unbounded.row)}

  At the enterprise pace the broadcast settled ${r.paced.pace} recipients a second and sms/send kept ${share(r.paced)} of its
  throughput; unpaced, the broadcast settled ${r.unbounded.pace} a second (all the worker could) and sms/send kept
  ${share(r.unbounded)}. On 2 cores the worker's sends and the API's share the same CPU: the pace is what keeps them apart.
  Rows vary by about 15 % from run to run on this machine (the "alone" row has measured 715 to 862 req/s).
- **GET /broadcasts/status** at ${CONTACTS.toLocaleString("en")} recipients, mid-send: p50 ${r.status.p50} ms, p95 ${r.status.p95} ms.`;
}
