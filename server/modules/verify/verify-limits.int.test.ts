// The edges of a verification's life that an attacker or a bad moment reaches: the fifth send, racing wrong codes,
// racing sends to one number block, a balance too short, a carrier that refuses, and guessing across verifications.
import { describe, expect, it } from "vitest";
import { api, apiCustomer, footprint } from "../../../test/api";
import { useLocalSmsc } from "../../../test/use-local-smsc";
import { db, sql } from "../../db/client";

const smsc = useLocalSmsc();

const lastText = () => (smsc.submitted.at(-1)!.pdu.short_message as { message: string }).message;
const codeIn = (text: string) => /code is (\d+)/.exec(text)![1]!;
const wrongOf = (code: string) => code.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
const sendTo = (key: string, to: string) => api("POST", "/api/v1/verify/send", { key, body: { to } });
const backdateLastSend = (id: string) =>
  sql().query(`UPDATE verifications SET last_sent_at = now() - interval '31 seconds' WHERE id = $1`, [id]);

describe("a verification's limits", () => {
  it("sends one code at most five times, then refuses, changing nothing", async () => {
    const c = await apiCustomer({ balance: 2 });
    const first = await sendTo(c.liveKey, "+233241120001");
    const id = first.body.data.verification_id;
    for (let sends = 2; sends <= 5; sends++) {
      await backdateLastSend(id);
      const again = await sendTo(c.liveKey, "+233241120001");
      expect(again.body.data).toMatchObject({ verification_id: id, sends });
    }
    await backdateLastSend(id);
    const before = await footprint(c.accountId);
    const sixth = await sendTo(c.liveKey, "+233241120001");
    expect(sixth.status).toBe(429);
    expect(sixth.body.error.message).toMatch(/sent 5 times/);
    expect(await footprint(c.accountId)).toEqual(before);
    expect(await db().smsMessage.count({ where: { accountId: c.accountId } })).toBe(5);
  });

  it("counts racing wrong codes one by one: five, never six, and one verify.failed", async () => {
    const c = await apiCustomer({ balance: 2 });
    const sent = await sendTo(c.liveKey, "+233241120002");
    const id = sent.body.data.verification_id;
    const wrong = wrongOf(codeIn(lastText()));
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        api("POST", "/api/v1/verify/check", { key: c.liveKey, body: { verification_id: id, code: wrong } }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const row = await db().verification.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "failed", wrongAttempts: 5, codeSealed: null });
    expect(await db().event.count({ where: { transactionId: id, event: "verify.failed" } })).toBe(1);
  });

  it("locks a destination for a day after three failed verifications, so codes cannot be guessed across them", async () => {
    const c = await apiCustomer();
    for (let i = 0; i < 3; i++) {
      const sent = await sendTo(c.testKey, "+233241120003");
      expect(sent.status).toBe(200);
      await sql().query(`UPDATE verifications SET status = 'failed', wrong_attempts = 5 WHERE id = $1`, [
        sent.body.data.verification_id,
      ]);
    }
    const fourth = await sendTo(c.testKey, "+233241120003");
    expect(fourth.status).toBe(429);
    expect(fourth.body.error.message).toMatch(/locked for a day/);
    expect(fourth.body.error.retryAfter).toBeGreaterThan(86_000);
  });

  it("lets exactly 50 codes an hour reach one number block, however many requests race", async () => {
    const c = await apiCustomer();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => sendTo(c.testKey, `+23324667${String(i).padStart(4, "0")}`)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(50);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10);
    expect(await db().verification.count({ where: { accountId: c.accountId } })).toBe(50);
  });

  it("leaves nothing behind when the balance is short, and starts no cooldown when the carrier refuses", async () => {
    const poor = await apiCustomer();
    const before = await footprint(poor.accountId);
    const short = await sendTo(poor.liveKey, "+233241120004");
    expect(short.status).toBe(402);
    expect(short.body.error.code).toBe("INSUFFICIENT_BALANCE");
    expect(await footprint(poor.accountId)).toEqual(before);
    expect(await db().event.count({ where: { accountId: poor.accountId } })).toBe(0);

    const c = await apiCustomer({ balance: 2 });
    smsc.submitStatus = () => 0x0b; // invalid destination address: the carrier refuses this message
    try {
      const refused = await sendTo(c.liveKey, "+233241120005");
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe("SMS_SEND_FAILED");
    } finally {
      smsc.submitStatus = () => 0;
    }
    // Refunded; the verification stays, with the send counted, and may be sent again at once.
    expect((await db().account.findUniqueOrThrow({ where: { id: c.accountId } })).balanceMicros).toBe(2_000_000n);
    const retried = await sendTo(c.liveKey, "+233241120005");
    expect(retried.status).toBe(200);
    expect(retried.body.data.sends).toBe(2);
    expect(codeIn(lastText())).toMatch(/^\d{6}$/);
  });
});
