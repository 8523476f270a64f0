// `npm run bench -- soak`: BENCH_SOAK_MINUTES (10) of mixed traffic at
// BENCH_SOAK_RATE requests a second (100) against the production server, a
// worker, a local SMSC that sends a delivery receipt for every message, and a
// local SMTP relay, all on this machine; PostgreSQL paused (SIGSTOP) for 5 s
// in the middle. Per 30 s it writes the web process's RSS, open handles and
// event-loop lag, database connections, latency, answers by status, requests
// shed and receipts sent versus stored; at the end, the ledger check.
import { FaultRig } from "../../test/fault-rig";
import { SmtpSink } from "../../test/smtp-sink";
import { DIST } from "./harness";

const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const RATE = Number(process.env.BENCH_SOAK_RATE ?? 100);
const WINDOW_S = 30;
const TOKEN = "soak-metrics-token";

type Sample = { status: number; ms: number; retryAfter: boolean; at: number };
type Row = {
  t: number;
  rssMb: number;
  fds: number;
  lagMs: number;
  dbConns: number;
  p50: number;
  p99: number;
  max: number;
  statuses: string;
  shed: number;
  receiptsSent: number;
  receiptsStored: number;
};

export async function benchSoak(): Promise<string> {
  const sink = await new SmtpSink().start();
  const rig = await new FaultRig({
    distDir: DIST,
    carrierDelayMs: 50,
    recoveryAfterS: 30,
    // As `npm start` runs it (a larger young generation: fewer scavenges under load).
    env: {
      SMTP_URL: sink.url,
      KASA_METRICS_TOKEN: TOKEN,
      KASA_LOG_LEVEL: "warn",
      NODE_OPTIONS: "--max-semi-space-size=64 --max-old-space-size=512",
    },
  }).start();
  try {
    const testKey = rig.cli("key", "create", "--account", rig.accountId, "--mode", "test").key as string;
    rig.cli("domain", "add", "--account", rig.accountId, "--domain", "soak.example.com", "--verified");
    const receipts = startReceipts(rig);
    // "Idle" is a warmed-up process at rest: 20 s of a tenth of the load, then 10 s of nothing.
    const warmUp = Date.now();
    let w = 0;
    while (Date.now() - warmUp < 20_000) {
      await Promise.all(Array.from({ length: RATE / 10 }, () => fire(rig, testKey, 1_000_000 + w++)));
      await sleep(1000);
    }
    await sleep(10_000);
    const idleRss = (await metrics(rig)).rss;
    const samples: Sample[] = [];
    const rows: Row[] = [];
    let lastShed = 0;
    let n = 0;
    const started = Date.now();
    const pauseAt = started + (MINUTES * 60_000) / 2;
    let paused = false;
    const pending = new Set<Promise<void>>();
    let windowStart = started;
    while (Date.now() - started < MINUTES * 60_000) {
      const tick = Date.now();
      for (let i = 0; i < RATE / 10; i++) {
        const p = fire(rig, testKey, n++).then((s) => void samples.push(s));
        pending.add(p);
        void p.finally(() => pending.delete(p));
      }
      if (!paused && Date.now() >= pauseAt) {
        paused = true;
        rig.pauseDatabase("SIGSTOP");
        setTimeout(() => rig.pauseDatabase("SIGCONT"), 5_000);
      }
      if (Date.now() - windowStart >= WINDOW_S * 1000) {
        const m = await metrics(rig);
        const inWindow = samples.filter((s) => s.at >= windowStart);
        const [conns] = await rig
          .query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = 'kasa'`)
          .catch(() => [{ n: -1 }]);
        const stored = await storedReceipts(rig).catch(() => -1);
        rows.push({
          t: Math.round((Date.now() - started) / 1000),
          rssMb: Math.round(m.rss / 2 ** 20),
          fds: m.fds,
          lagMs: Math.round(m.lag * 1000),
          dbConns: conns!.n,
          ...latency(inWindow),
          statuses: byStatus(inWindow),
          shed: m.shed - lastShed,
          receiptsSent: receipts.sent,
          receiptsStored: stored,
        });
        lastShed = m.shed;
        console.log(`bench: soak: ${JSON.stringify(rows.at(-1))}`);
        windowStart = Date.now();
      }
      await new Promise((r) => setTimeout(r, Math.max(0, 100 - (Date.now() - tick))));
    }
    await Promise.all(pending);
    receipts.stop();
    for (let i = 0; i < 90 && (await rig.ledgerCheck()).pendingMessages > 0; i++) await sleep(1000);
    await sleep(3_000); // the last receipts' acknowledgements
    const ledger = await rig.ledgerCheck();
    const stored = await storedReceipts(rig);
    return report(rows, samples, idleRss, ledger, receipts.sent, receipts.refusedThenStored, stored);
  } finally {
    await rig.stop();
    await sink.stop();
  }
}

/** The mix: live and test SMS and email, status lookups, and 5% bad requests. */
async function fire(rig: FaultRig, testKey: string, n: number): Promise<Sample> {
  const roll = n % 20;
  const key = roll < 7 || roll === 14 ? rig.liveKey : testKey;
  let path = "/api/v1/sms/send";
  let body: object | undefined = { to: "+233241234567", message: `soak ${n}`, idempotency_key: `soak-${n}` };
  if (roll >= 9 && roll < 11) {
    path = "/api/v1/email/send";
    body = { from: "soak@soak.example.com", to: "reader@example.org", subject: `Soak ${n}`, text: "Hello" };
  } else if (roll >= 11 && roll < 14) {
    path = "/api/v1/balance";
    body = undefined;
  } else if (roll === 19) body = { to: "not a number", message: "bad" };
  const started = Date.now();
  try {
    const res = await fetch(`${rig.url}${path}`, {
      method: body ? "POST" : "GET",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    await res.arrayBuffer();
    return { status: res.status, ms: Date.now() - started, retryAfter: res.headers.has("retry-after"), at: started };
  } catch {
    return { status: 0, ms: Date.now() - started, retryAfter: false, at: started };
  }
}

/** The SMSC reports every live message delivered a second later, over the bind, as a real one does. */
function startReceipts(rig: FaultRig) {
  const state = { sent: 0, refusedThenStored: 0, stop: () => {} };
  let next = 0;
  const timer = setInterval(async () => {
    const due = rig.smsc.submitted.slice(next);
    next += due.length;
    for (const part of due) {
      // A receipt refused (the database paused) is sent again, as an SMSC does, until it is stored.
      for (let attempt = 0; attempt < 60; attempt++) {
        const status = await rig.smsc.receipt(part.messageId, "DELIVRD").catch(() => -1);
        if (status === 0) break;
        if (attempt === 0) state.refusedThenStored++;
        await sleep(1000);
      }
      state.sent++;
    }
  }, 1000);
  state.stop = () => clearInterval(timer);
  return state;
}

async function storedReceipts(rig: FaultRig): Promise<number> {
  const [row] = await rig.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM sms_messages WHERE mode = 'live' AND status = 'delivered'`,
  );
  return row!.n;
}

async function metrics(rig: FaultRig) {
  const text = await (await fetch(`${rig.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  const value = (name: string) =>
    Number(new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, "m").exec(text)?.[1] ?? 0);
  const shed = [...text.matchAll(/^kasa_api_shed_total\{[^}]*\} ([0-9.e+]+)$/gm)].reduce((a, m) => a + Number(m[1]), 0);
  return {
    rss: value("kasa_process_resident_memory_bytes"),
    fds: value("kasa_process_open_fds"),
    lag: value("kasa_nodejs_eventloop_lag_seconds"),
    shed,
  };
}

function latency(samples: Sample[]) {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), max: ms.at(-1) ?? 0 };
}

function byStatus(samples: Sample[]): string {
  const counts = new Map<number, number>();
  for (const s of samples) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([status, count]) => `${status || "none"}: ${count}`)
    .join(", ");
}

function report(
  rows: Row[],
  samples: Sample[],
  idleRss: number,
  ledger: { unsettledReservations: number; balanceMatches: boolean; pendingMessages: number },
  receiptsSent: number,
  receiptsRetried: number,
  receiptsStored: number,
): string {
  const refusals = samples.filter((s) => s.status === 503);
  const checks = [
    [
      `no answer slower than the deadline + 1 s (max ${Math.max(...samples.map((s) => s.ms))} ms)`,
      samples.every((s) => s.ms <= 11_000),
    ],
    [
      `no 500 (${samples.filter((s) => s.status >= 500 && s.status !== 503).length})`,
      samples.every((s) => s.status < 500 || s.status === 503),
    ],
    [`every refusal a 503 with Retry-After (${refusals.length})`, refusals.every((s) => s.retryAfter)],
    [
      `refusals in under 1 s (slowest ${Math.max(0, ...refusals.map((s) => s.ms))} ms)`,
      refusals.every((s) => s.ms < 1_000),
    ],
    [
      `RSS under twice its idle size (idle ${Math.round(idleRss / 2 ** 20)} MB, peak ${Math.max(...rows.map((r) => r.rssMb))} MB)`,
      rows.every((r) => r.rssMb * 2 ** 20 < 2 * idleRss),
    ],
    [
      `no receipt lost (${receiptsSent} sent, ${receiptsStored} stored, ${receiptsRetried} refused once and sent again)`,
      receiptsStored >= receiptsSent,
    ],
    [
      `ledger exact (${JSON.stringify(ledger)})`,
      ledger.unsettledReservations === 0 && ledger.balanceMatches && ledger.pendingMessages === 0,
    ],
  ] as const;
  return `## Soak (${new Date().toISOString().slice(0, 10)})

\`npm run bench -- soak\`: ${MINUTES} minutes at ${RATE} requests/s of mixed traffic (35% live SMS, 25% test SMS, 10% email,
15% balance lookups, 5% bad requests) against the production server, a worker, a local SMSC answering each submit
in 50 ms and reporting every message delivered a second later, and a local SMTP relay, all on this machine;
PostgreSQL paused with SIGSTOP for 5 s at the halfway mark. Idle RSS: after 20 s of a tenth of the load and 10 s at rest.

| t (s) | RSS MB | open fds | loop lag ms | DB conns | p50 ms | p99 ms | max ms | answers | shed | receipts sent | stored |
|---|---|---|---|---|---|---|---|---|---|---|---|
${rows.map((r) => `| ${r.t} | ${r.rssMb} | ${r.fds} | ${r.lagMs} | ${r.dbConns} | ${r.p50} | ${r.p99} | ${r.max} | ${r.statuses} | ${r.shed} | ${r.receiptsSent} | ${r.receiptsStored} |`).join("\n")}

${checks.map(([what, ok]) => `- ${ok ? "✓" : "✗"} ${what}`).join("\n")}`;
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
