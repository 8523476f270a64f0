// Overload against the production server: the database stalled (SIGSTOP, not
// stopped: connections hang instead of failing) under steady load, and one
// account flooding the process while another sends. The service answers in
// time, 200 or a 503 with Retry-After, never charges what it did not send,
// serves the other account, and is back to normal soon after.
import { expect, test } from "@playwright/test";
import { FaultRig } from "../../test/fault-rig";
import { waitUntil } from "../../test/wait-until";
import type { Submitted } from "../../test/smpp-server";

test.describe.configure({ mode: "serial" });

test("PostgreSQL paused 5 s under load: every answer within the deadline, 200 or 503 with Retry-After, nothing charged unsent, normal within 10 s", async () => {
  test.setTimeout(180_000);
  const rig = await new FaultRig({ carrierDelayMs: 100, recoveryAfterS: 20 }).start();
  try {
    let resumedAt = 0;
    const { answers, settled } = await rig.load({
      perSecond: 20,
      seconds: 16,
      prefix: "stall",
      during: async (second) => {
        if (second === 4) rig.pauseDatabase("SIGSTOP");
        if (second === 9) {
          rig.pauseDatabase("SIGCONT");
          resumedAt = Date.now();
        }
      },
    });
    // Every request answered (none left to the client's own patience), 200 or a 503 that says why and when to
    // retry: the server's own deadline or its refusal at the door. How fast: `npm run bench -- faults`.
    for (const a of answers) {
      expect([200, 409, 503], `${a.key}: ${a.status} ${a.code ?? ""}`).toContain(a.status);
      if (a.status === 503) {
        expect(a.retryAfter, `${a.key}: a 503 says when to retry`).not.toBeNull();
        expect(["SERVICE_UNAVAILABLE", "SMS_SEND_FAILED"], `${a.key}`).toContain(a.code);
      }
    }
    expect(
      answers.some((a) => a.status === 503),
      "the stall was felt",
    ).toBe(true);
    // Back to normal: a fresh message sent 10 s after the database returned is answered 200 at once.
    const fresh = answers.filter(
      (a) => a.at > resumedAt + 10_000 && !answers.some((b) => b.key === a.key && b.at < a.at),
    );
    for (const a of fresh) expect(a.status, `${a.key}, sent after recovery`).toBe(200);
    for (const a of settled.values()) expect(a.status, a.key).toBe(200);
    await expect.poll(async () => (await rig.ledgerCheck()).pendingMessages, { timeout: 40_000 }).toBe(0);
    // Charged means sent: every captured message is one the SMSC took, once.
    const perKey = rig.submitsPerKey();
    const captured = await rig.query<{ body: string }>(
      `SELECT s.body FROM sms_messages s WHERE s.account_id = $1
       AND EXISTS (SELECT 1 FROM ledger_entries c WHERE c.transaction_id = s.id AND c.kind = 'capture')`,
      [rig.accountId],
    );
    for (const row of captured) expect(perKey.get(row.body.replace(/^fault /, "")), row.body).toBe(1);
    expect(await rig.ledgerCheck()).toEqual({ unsettledReservations: 0, balanceMatches: true, pendingMessages: 0 });
  } finally {
    await rig.stop();
  }
});

test("one account flooding the process cannot take every slot: another account's sends are still served", async () => {
  test.setTimeout(120_000);
  // A window wide enough that everything admitted reaches the carrier and waits there.
  const rig = await new FaultRig({
    smsWindow: 60,
    env: { KASA_MAX_IN_FLIGHT: "40", KASA_ACCOUNT_SHARE: "0.5" },
  }).start();
  try {
    const other = rig.anotherAccount();
    // The carrier answers the flood's sends only when the test says: what it admitted holds its slots until then.
    let answer = () => {};
    rig.smsc.hold = new Promise<void>((resolve) => (answer = resolve));
    let carrierAnswered = false;
    const refusedWhileHeld: boolean[] = [];
    const flood = Array.from({ length: 120 }, (_, i) =>
      rig.send(`flood-${i}`, 20_000).then((a) => {
        if (a.status === 503) refusedWhileHeld.push(!carrierAnswered);
        return a;
      }),
    );
    // The flood holds its share of the slots once some of it is refused.
    await waitUntil(() => refusedWhileHeld.length > 0, "the flood to be refused past its share", {
      timeoutMs: 20_000,
    });
    const serving = Array.from({ length: 8 }, (_, i) => rig.send(`other-${i}`, 20_000, other.liveKey));
    // All eight of the other account's sends reach the carrier beside the flood's, then everyone is answered.
    const text = (s: Submitted) => String((s.pdu.short_message as { message?: string }).message);
    await waitUntil(
      () => rig.smsc.submitted.filter((s) => text(s).includes("other-")).length === 8,
      "the other account's sends to reach the carrier",
      { timeoutMs: 20_000 },
    );
    carrierAnswered = true;
    rig.smsc.hold = null;
    answer();
    const served = await Promise.all(serving);
    for (const a of served) expect(a.status, `${a.key}: ${a.code ?? ""} ${a.reason ?? ""}`).toBe(200);
    const flooded = await Promise.all(flood);
    const refused = flooded.filter((a) => a.status === 503);
    expect(refused.length, "the flood beyond its share was refused").toBeGreaterThan(0);
    // Refused before the carrier answered anything: a refused request never waits for a slot.
    expect(refusedWhileHeld.every(Boolean), "refused at once").toBe(true);
    for (const a of refused) {
      expect(a.code).toBe("SERVICE_UNAVAILABLE");
      expect(a.retryAfter).not.toBeNull();
    }
    expect(flooded.filter((a) => a.status === 200).length).toBeLessThanOrEqual(20);
    const shed = await fetch(`${rig.url}/api/health/ready`);
    expect([200, 503]).toContain(shed.status);
  } finally {
    await rig.stop();
  }
});
