// WhatsApp (issue #42): sends through Kasa to a local Graph API speaking Meta's Cloud API, and Meta's receipts through
// Kasa's webhook. Kasa runs in its own process (the lean front, no worker); the local Meta runs in this one. Each is
// measured at Meta's default throughput per number, 80 a second, and at saturation (50 connections as fast as they
// go). A send is a template (checked, priced, held, Meta called, written sent); a receipt is one signed post of one
// delivered status for one of the messages sent (its hold captured, whatsapp.delivered raised).
import autocannon from "autocannon";
import { createHmac } from "node:crypto";
import { sql } from "../../server/db/client";
import { FakeWhatsappGraph } from "../../test/fake-whatsapp-graph";
import { CONNECTIONS, DURATION, KASA_SERVER_ARGS, serverEnv, withServer, type BenchAccount } from "./harness";

const TOKEN = "EAAG-bench-system-user-token-000000";
const APP_SECRET = "bench0123456789abcdef0123456789ab";
const PHONE_NUMBER_ID = "900000001";
const WABA = "900000002";
const META_RATE = 80;

type Row = { name: string; rps: number; p50: number; p99: number; non2xx: number; errors: number };

export async function benchWhatsapp(databaseUrl: string, fixture: BenchAccount): Promise<string> {
  const graph = await new FakeWhatsappGraph().start();
  graph.numbers.set(PHONE_NUMBER_ID, {
    token: TOKEN,
    appSecret: APP_SECRET,
    wabaId: WABA,
    display_phone_number: "+233 30 000 9000",
    verified_name: "Bench Shop",
    quality_rating: "GREEN",
  });
  graph.templates.set(WABA, {
    token: TOKEN,
    list: [
      {
        id: "t-1",
        name: "order_update",
        language: "en_US",
        status: "APPROVED",
        category: "UTILITY",
        components: [{ type: "BODY", text: "Hi {{1}}, your order {{2}} is on its way." }],
      },
    ],
  });
  const rows: Row[] = [];
  const alone: number[] = [];
  try {
    const env = serverEnv(databaseUrl, { KASA_WORKER: "off", WHATSAPP_GRAPH_URL: graph.url });
    const args = process.env.BENCH_CPU_PROF
      ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`, ...KASA_SERVER_ARGS]
      : KASA_SERVER_ARGS;
    await withServer("kasa (lean front, WhatsApp)", args, env, async (url) => {
      const auth = { authorization: `Bearer ${fixture.liveKey}`, "content-type": "application/json" };
      const connected = await fetch(`${url}/api/v1/whatsapp/numbers`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({
          phone_number_id: PHONE_NUMBER_ID,
          waba_id: WABA,
          access_token: TOKEN,
          app_secret: APP_SECRET,
        }),
      }).then((r) => r.json());
      const numberId = connected.data.id as string;
      await fetch(`${url}/api/v1/whatsapp/templates?number_id=${numberId}`, { headers: auth });
      // Without an idempotency key, as the SMS rows of the API bench send (a key adds its claim and its answer).
      const sendBody = () =>
        JSON.stringify({
          to: "+233241234567",
          template: { name: "order_update", language: "en_US", variables: ["Ama", "#1042"] },
        });
      const send = { url: `${url}/api/v1/whatsapp/send`, method: "POST" as const, headers: auth, body: sendBody() };
      // One first, to see it through: a bench of refusals measures nothing.
      const first = await fetch(send.url, { method: "POST", headers: auth, body: sendBody() });
      if (!first.ok) throw new Error(`the first send answered ${first.status}: ${await first.text()}`);
      await run({ ...send, duration: 3 }); // warm-up: JIT, pools, plans
      // One send at a time: a send's own time, with nothing queued before it.
      for (let i = 0; i < 200; i++) {
        const t = performance.now();
        await fetch(send.url, { method: "POST", headers: auth, body: send.body }).then((r) => r.text());
        alone.push(performance.now() - t);
      }
      alone.sort((a, b) => a - b);
      console.log(`bench: whatsapp: one at a time: p50 ${alone[100]!.toFixed(1)} ms, p99 ${alone[198]!.toFixed(1)} ms`);
      rows.push(
        await run({ ...send, name: `sends at ${META_RATE}/s (Meta's default per number)`, overallRate: META_RATE }),
      );
      rows.push(await run({ ...send, name: `sends, saturation (${CONNECTIONS} connections)` }));
      // The same from the sandbox (a test key): Kasa's part alone, with no call to Meta.
      const sandboxBody = JSON.stringify({
        to: "+233241234567",
        template: { name: "kasa_order_update", language: "en", variables: ["Ama", "#1042"] },
      });
      const sandbox = { ...send, headers: { ...auth, authorization: `Bearer ${fixture.testKey}` }, body: sandboxBody };
      rows.push(await run({ ...sandbox, name: `sandbox sends, saturation (no Meta call)` }));

      // Receipts: each post one delivered status for one message sent above, signed as Meta signs.
      const { rows: sent } = await sql().query<{ wamid: string }>(
        `SELECT wamid FROM whatsapp_messages WHERE number_id = $1 AND status = 'sent' ORDER BY created_at`,
        [numberId],
      );
      let next = 0;
      const receipt = {
        url: `${url}/api/whatsapp/${numberId}`,
        method: "POST" as const,
        headers: { "content-type": "application/json" },
        setupRequest: (request: { body?: string; headers?: Record<string, string> }) => {
          const wamid = sent[next++ % sent.length]!.wamid;
          const body = deliveredPost(wamid);
          request.body = body;
          request.headers = {
            ...request.headers,
            "x-hub-signature-256": `sha256=${createHmac("sha256", APP_SECRET).update(body).digest("hex")}`,
          };
          return request;
        },
      };
      rows.push(await run({ ...receipt, name: `receipts at ${META_RATE}/s`, overallRate: META_RATE }));
      rows.push(await run({ ...receipt, name: `receipts, saturation (${CONNECTIONS} connections)` }));
      const delivered = await sql().query<{ n: string }>(
        `SELECT count(*)::text AS n FROM whatsapp_messages WHERE number_id = $1 AND status = 'delivered'`,
        [numberId],
      );
      console.log(`bench: whatsapp: ${sent.length} sent, ${delivered.rows[0]!.n} delivered by the receipts`);
    });
  } finally {
    await graph.stop();
  }
  const table = [
    `| sends one at a time (200) | | ${alone[100]!.toFixed(1)} | ${alone[198]!.toFixed(1)} | 0 | 0 |`,
    ...rows.map((r) => `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} |`),
  ];
  return `## WhatsApp (${new Date().toISOString().slice(0, 10)})

\`npm run bench -- whatsapp\` (scripts/bench/whatsapp.ts): Kasa on the lean front (no worker) in its own process, a
local Graph API speaking Meta's Cloud API in the bench's, PostgreSQL beside them, on this 2-core machine; ${DURATION} s
per row after 3 s of warm-up. A send is \`POST /api/v1/whatsapp/send\` with an approved template (checked, priced, its
price held, Meta called, written sent); a receipt is one signed post to the number's webhook with one delivered
status for a message sent above (kept, applied: the hold captured, whatsapp.delivered raised). At a fixed rate (10
connections) the latency counts from when each request was due (coordinated omission corrected); saturation is 50
connections as fast as they go. Sends carry no idempotency key, as the API bench's SMS rows. Meta's webhook is served
by Next's route handler (app/api/whatsapp/[numberId]); /api/v1 by the lean front.

| Load | req/s | p50 ms | p99 ms | non-2xx | errors |
|---|---|---|---|---|---|
${table.join("\n")}

Target (issue #42): Meta's highest default per-number throughput, 80 messages a second, with p99 under 100 ms.`;
}

function deliveredPost(wamid: string): string {
  return JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: WABA,
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "233300009000", phone_number_id: PHONE_NUMBER_ID },
              statuses: [
                {
                  id: wamid,
                  status: "delivered",
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  recipient_id: "233241234567",
                },
              ],
            },
          },
        ],
      },
    ],
  });
}

async function run(options: {
  name?: string;
  url: string;
  method: "POST";
  headers: Record<string, string>;
  body?: string;
  duration?: number;
  overallRate?: number;
  setupRequest?: (request: { body?: string; headers?: Record<string, string> }) => unknown;
}): Promise<Row> {
  const { name = "warm-up", setupRequest, ...rest } = options;
  const result = await autocannon({
    ...rest,
    // At a fixed rate, as many connections as a client sending 80 a second keeps busy; at saturation, 50.
    connections: options.overallRate ? 10 : CONNECTIONS,
    duration: options.duration ?? DURATION,
    ...(setupRequest ? { requests: [{ setupRequest: setupRequest as never }] } : {}),
  });
  const row = {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
  console.log(
    `bench: whatsapp: ${name}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, non-2xx ${row.non2xx}`,
  );
  return row;
}
