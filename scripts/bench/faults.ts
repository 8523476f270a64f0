// `npm run bench -- faults`: the fault tests' scenarios at steady load, on a
// production build, each on a fresh rig (test/fault-rig.ts): per fault, the
// answers by status, the longest answer, how long until sends succeeded
// again, messages sent twice, money left held and whether the ledger is exact.
import { FaultRig, type Answer } from "../../test/fault-rig";
import { DIST } from "./harness";

type Fault = {
  name: string;
  carrierDelayMs: number;
  perSecond: number;
  seconds: number;
  at: number;
  inject(rig: FaultRig): Promise<void>;
  heal?: { at: number; run(rig: FaultRig): Promise<void> };
};

const FAULTS: Fault[] = [
  {
    name: "PostgreSQL stopped for 5 s",
    carrierDelayMs: 300,
    perSecond: 30,
    seconds: 20,
    at: 6,
    inject: (rig) => rig.stopDatabase(),
    heal: { at: 11, run: (rig) => rig.startDatabase() },
  },
  {
    name: "SMPP carrier gone for 3 s (link dropped)",
    carrierDelayMs: 300,
    perSecond: 30,
    seconds: 20,
    at: 6,
    inject: (rig) => rig.smsc.stop(),
    heal: { at: 9, run: (rig) => rig.smsc.start(rig.smsc.port).then(() => undefined) },
  },
  {
    name: "web process SIGKILLed and restarted",
    carrierDelayMs: 300,
    perSecond: 30,
    seconds: 20,
    at: 6,
    inject: async (rig) => {
      await rig.killWeb();
      await rig.startWeb();
    },
  },
];

export async function benchFaults(): Promise<string> {
  const rows: string[] = [];
  for (const fault of FAULTS) {
    const rig = await new FaultRig({ distDir: DIST, carrierDelayMs: fault.carrierDelayMs, recoveryAfterS: 10 }).start();
    try {
      let injectedAt = 0;
      const { answers, settled } = await rig.load({
        perSecond: fault.perSecond,
        seconds: fault.seconds,
        prefix: "bench",
        during: async (second) => {
          if (second === fault.at) {
            injectedAt = Date.now();
            await fault.inject(rig);
          }
          if (fault.heal && second === fault.heal.at) await fault.heal.run(rig);
        },
      });
      // Settled by their requests, the retried writes or the recovery job.
      for (let i = 0; i < 60 && (await rig.ledgerCheck()).pendingMessages > 0; i++)
        await new Promise((r) => setTimeout(r, 1000));
      const ledger = await rig.ledgerCheck();
      const doubles = [...rig.submitsPerKey().values()].filter((n) => n > 1).length;
      const held = await rig.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ledger_entries r WHERE r.kind = 'reserve' AND NOT EXISTS
         (SELECT 1 FROM ledger_entries s WHERE s.transaction_id = r.transaction_id AND s.kind IN ('capture', 'refund'))`,
      );
      rows.push(
        `| ${fault.name} | ${settled.size} | ${byStatus(answers)} | ${Math.max(...answers.map((a) => a.ms))} | ${recoverySeconds(answers, injectedAt)} | ${doubles} | ${held[0]!.n} | ${ledger.balanceMatches && ledger.unsettledReservations === 0 ? "exact" : "NOT EXACT"} |`,
      );
      console.log(`bench: faults: ${rows.at(-1)}`);
    } finally {
      await rig.stop();
    }
  }
  return `## Faults (${new Date().toISOString().slice(0, 10)})

Live \`sms/send\` at 30 messages a second for 20 s against the production server (\`server/web.ts\`), a worker, a
local SMSC answering each submit in 300 ms, on this machine's embedded PostgreSQL; the fault hits at second 6.
Each message has its own idempotency key and the client retries 409 and 503 with it (after \`Retry-After\`), as SPEC
asks. Sent twice: messages the SMSC took more than once. Held: reservations neither captured nor refunded after
the recovery deadline (10 s here).

| Fault | Messages | Answers by status | Longest answer ms | Recovered after s | Sent twice | Held | Ledger |
|---|---|---|---|---|---|---|---|
${rows.join("\n")}`;
}

function byStatus(answers: Answer[]): string {
  const counts = new Map<string, number>();
  for (const a of answers)
    counts.set(String(a.status || "no answer"), (counts.get(String(a.status || "no answer")) ?? 0) + 1);
  return [...counts.entries()]
    .sort()
    .map(([status, n]) => `${status}: ${n}`)
    .join(", ");
}

/** From the fault until the first send after it that was answered 200 at the first try of its key. */
function recoverySeconds(answers: Answer[], injectedAt: number): string {
  const firstOk = answers
    .filter((a) => a.at > injectedAt && a.status === 200)
    .sort((a, b) => a.at - b.at)
    .find((a) => !answers.some((b) => b.key === a.key && b.at < a.at));
  return firstOk ? ((firstOk.at - injectedAt) / 1000).toFixed(1) : "n/a";
}
