// USSD through one SMPP bind (issue #41): a local SMSC in this process dials a live code for 100 subscribers at
// once, each walking a three-screen menu (dial, "1", "5") and starting again, for BENCH_SECONDS; the app is an HTTPS
// server here that answers at once. Kasa (its own process, the lean front, no worker) runs each hop: the session's
// rows, the signed callback, the screen back as a submit_sm. Reported: sessions a second, the hop's time as the SMSC
// sees it (deliver_sm sent to screen received), and Kasa's own time per hop (kasa_ms: the hop less the app's time).
import type { PDU } from "smpp";
import { sql } from "../../server/db/client";
import { newId } from "../../server/lib/ids";
import { seal } from "../../server/lib/seal";
import { newWebhookSecret } from "../../server/modules/webhooks/sign-webhook";
import { TestSmsc } from "../../test/smpp-server";
import { HttpsReceiver } from "../../test/https-receiver";
import { DURATION, KASA_SERVER_ARGS, serverEnv, withServer, type BenchAccount } from "./harness";

const SUBSCRIBERS = Number(process.env.BENCH_USSD_SUBSCRIBERS ?? 100);
const CODE = "*920*1#";

type Phase = {
  name: string;
  thinkMs: number;
  sessions: number;
  hopMs: number[];
  ownP50: number;
  ownP99: number;
  hops: number;
};

export async function benchUssd(databaseUrl: string, fixture: BenchAccount): Promise<string> {
  const app = await new HttpsReceiver().start();
  app.reply = (request) => {
    const text = new URLSearchParams(request.body).get("text");
    if (text === "") return { status: 200, body: "CON Kasa Bank\n1. Send money\n2. Balance" };
    if (text === "1") return { status: 200, body: "CON Amount (GHS)" };
    return { status: 200, body: "END Sent. Thank you." };
  };
  await sql().query(
    `INSERT INTO ussd_codes (id, account_id, code, mode, kind, callback_url, signing_secret)
     VALUES ($1, $2, $3, 'live', 'extension', $4, $5)`,
    [newId("ussd"), fixture.accountId, CODE, app.url, seal(newWebhookSecret())],
  );
  const smsc = await new TestSmsc().start();
  const phases: Phase[] = [];
  try {
    const env = serverEnv(databaseUrl, {
      KASA_WORKER: "off",
      SMS_CARRIERS: `ussd=${smsc.url("?window=64")}`,
      WEBHOOK_ALLOWED_HOSTS: "localhost",
      NODE_EXTRA_CA_CERTS: app.certFile,
    });
    await withServer("kasa (lean front, USSD over SMPP)", KASA_SERVER_ARGS, env, async () => {
      while (smsc.binds === 0) await new Promise((r) => setTimeout(r, 50));
      // A subscriber's next screen: keyed by number (each has one dialogue at a time).
      const waiting = new Map<string, (pdu: PDU) => void>();
      smsc.onSubmit = ({ pdu }) => waiting.get(String(pdu.destination_addr))?.(pdu);
      // As fast as the subscribers can go (the bind's sessions a second), then with a second's thought between
      // screens (people take several): Kasa's own time at 100 sessions under way, not behind a queue.
      for (const [name, thinkMs] of [
        ["no pause between screens (saturation)", 0],
        ["1 s between screens", 1_000],
      ] as const)
        phases.push(await runPhase(smsc, waiting, name, thinkMs));
    });
  } finally {
    await smsc.stop();
    await app.stop();
  }
  const rows = phases.map(
    (p) =>
      `| ${p.name} | ${(p.sessions / DURATION).toFixed(1)} | ${percentile(p.hopMs, 0.5)} / ${percentile(p.hopMs, 0.99)} | ${p.ownP50.toFixed(1)} / ${p.ownP99.toFixed(1)} (${p.hops.toLocaleString("en")} hops) |`,
  );
  return `## USSD over SMPP (${new Date().toISOString().slice(0, 10)})

\`npm run bench -- ussd\` (scripts/bench/ussd.ts): ${SUBSCRIBERS} subscribers at once, each walking a three-screen menu
(dial, "1", "5") over one SMPP bind to a local SMSC and starting again, for ${DURATION} s after 3 s of warm-up; the
app is a local HTTPS server answering at once. Kasa runs on the lean front, no worker, on this 2-core machine beside
the SMSC, the app and PostgreSQL. The hop at the SMSC is from its deliver_sm to the screen's submit_sm; Kasa's own
time per hop (kasa_ms) is the hop less the app's answer, as Kasa records it.

| Subscribers' pace | sessions/s | hop at the SMSC p50 / p99 ms | Kasa's own time per hop p50 / p99 ms |
|---|---|---|---|
${rows.join("\n")}

Target (issue #41): Kasa's own time per hop under 20 ms at p99 at 100 concurrent sessions, so the app keeps almost
all of the network's budget.`;
}

async function runPhase(
  smsc: TestSmsc,
  waiting: Map<string, (pdu: PDU) => void>,
  name: string,
  thinkMs: number,
): Promise<Phase> {
  const hopMs: number[] = [];
  let sessions = 0;
  const warmUpEnds = performance.now() + 3_000;
  const measuredFrom = new Date(Date.now() + 3_000);
  const ends = warmUpEnds + DURATION * 1000;
  const hop = async (number: string, op: number, text: string, info: Buffer): Promise<PDU> => {
    if (thinkMs) await new Promise((r) => setTimeout(r, thinkMs * (0.5 + Math.random())));
    const screen = new Promise<PDU>((resolve) => waiting.set(number.slice(1), resolve));
    const started = performance.now();
    await smsc.ussd(op, number, text, info);
    const pdu = await screen;
    if (started > warmUpEnds) hopMs.push(performance.now() - started);
    return pdu;
  };
  await Promise.all(
    Array.from({ length: SUBSCRIBERS }, async (_, i) => {
      const number = `+23324${thinkMs ? 5 : 4}0${String(i).padStart(5, "0")}`;
      for (let round = 0; performance.now() < ends; round++) {
        const session = round & 0xff;
        await hop(number, 1, CODE, Buffer.from([session, 0]));
        await hop(number, 18, "1", Buffer.from([session, 2]));
        const last = await hop(number, 18, "5", Buffer.from([session, 4]));
        if (Number(last.ussd_service_op) !== 17) throw new Error("the menu did not end");
        if (performance.now() > warmUpEnds && performance.now() <= ends) sessions++;
      }
    }),
  );
  const { rows } = await sql().query<{ p50: number; p99: number; hops: string; dial99: number; answer99: number }>(
    `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY h.kasa_ms) AS p50,
            percentile_cont(0.99) WITHIN GROUP (ORDER BY h.kasa_ms) AS p99, count(*)::text AS hops,
            percentile_cont(0.99) WITHIN GROUP (ORDER BY h.kasa_ms) FILTER (WHERE h.seq = 1) AS dial99,
            percentile_cont(0.99) WITHIN GROUP (ORDER BY h.kasa_ms) FILTER (WHERE h.seq > 1) AS answer99
     FROM ussd_hops h JOIN ussd_sessions s ON s.id = h.session_id
     WHERE s.service_code = $1 AND h.at >= $2 AND h.at < $3`,
    [CODE, measuredFrom, new Date(measuredFrom.getTime() + DURATION * 1000)],
  );
  console.log(`bench: ussd: ${name}: p99 of dials ${rows[0]!.dial99} ms, of answers ${rows[0]!.answer99} ms`);
  return { name, thinkMs, sessions, hopMs, ownP50: rows[0]!.p50, ownP99: rows[0]!.p99, hops: Number(rows[0]!.hops) };
}

function percentile(values: number[], p: number): string {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0).toFixed(1);
}
