// Verify by SMS against a real SMPP peer: the code is read from what the
// carrier was handed, as a person would read it from their phone.
import { describe, expect, it } from "vitest";
import { api, apiCustomer, footprint } from "../../../test/api";
import { useLocalSmsc } from "../../../test/use-local-smsc";
import { db, sql } from "../../db/client";
import { captureLogs } from "../../lib/logger";
import { flushRequestLog } from "../requestlog/request-log-buffer";
import { expireVerifications } from "./expire-verifications";

const smsc = useLocalSmsc();

const lastText = () => (smsc.submitted.at(-1)!.pdu.short_message as { message: string }).message;
const codeIn = (text: string) => /code is (\d+)/.exec(text)![1]!;
const wrongOf = (code: string) => code.replace(/\d$/, (d) => String((Number(d) + 1) % 10));

async function smsPrice() {
  const route = (await db().country.findUniqueOrThrow({ where: { iso2: "GH" } })).route;
  return (await db().smsPrice.findUniqueOrThrow({ where: { route } })).pricePerSegmentMicros;
}

describe("POST /api/v1/verify/send and /verify/check, live, by SMS", () => {
  it("texts a code, takes a wrong one, approves the right one once, charges the SMS exactly and keeps the code out of every record", async () => {
    const c = await apiCustomer({ balance: 2 });
    const lines: string[] = [];
    const stop = captureLogs((line) => lines.push(line));
    const sent = await api("POST", "/api/v1/verify/send", {
      key: c.liveKey,
      body: { to: "+233241110001", brand: "Ama Shop" },
    });
    expect(sent.status).toBe(200);
    const v = sent.body.data;
    expect(v).toMatchObject({ to: "+233241110001", channel: "sms", status: "pending", attempts_left: 5, sends: 1 });
    expect(v.verification_id).toMatch(/^ver_/);
    const text = lastText();
    expect(text).toMatch(/^Your Ama Shop code is \d{6}\. It expires in 10 minutes\.$/);
    expect(smsc.submitted.at(-1)!.pdu.destination_addr).toBe("233241110001");
    const code = codeIn(text);

    const wrong = await api("POST", "/api/v1/verify/check", {
      key: c.liveKey,
      body: { verification_id: v.verification_id, code: wrongOf(code) },
    });
    expect(wrong.body.data).toMatchObject({ status: "pending", attempts_left: 4 });
    const right = await api("POST", "/api/v1/verify/check", {
      key: c.liveKey,
      body: { verification_id: v.verification_id, code },
    });
    expect(right.body.data).toMatchObject({ status: "approved", attempts_left: 4 });
    // A second approval changes nothing, even by destination and with a wrong code.
    const again = await api("POST", "/api/v1/verify/check", { key: c.liveKey, body: { to: "+233241110001", code } });
    expect(again.body.data).toMatchObject({ verification_id: v.verification_id, status: "approved", attempts_left: 4 });
    const wrongAfter = await api("POST", "/api/v1/verify/check", {
      key: c.liveKey,
      body: { verification_id: v.verification_id, code: wrongOf(code) },
    });
    expect(wrongAfter.body.data).toMatchObject({ status: "approved", attempts_left: 4 });
    stop();
    const events = await db().event.findMany({ where: { transactionId: v.verification_id } });
    expect(events.map((e) => e.event)).toEqual(["verify.approved"]);
    expect(events[0]!.data).toMatchObject({ verification_id: v.verification_id, status: "approved", country: "GH" });

    // Charged exactly as the one-segment SMS it sent: a reserve and its capture, nothing for the checks.
    const price = await smsPrice();
    expect(v.price).toEqual({ amount: Number(price) / 1e6, currency: "USD" });
    const account = await db().account.findUniqueOrThrow({ where: { id: c.accountId } });
    expect(account.balanceMicros).toBe(2_000_000n - price);
    const sms = await db().smsMessage.findFirstOrThrow({ where: { accountId: c.accountId } });
    const ledger = await db().ledgerEntry.findMany({ where: { accountId: c.accountId, transactionId: sms.id } });
    expect(ledger.map((l) => l.kind).sort()).toEqual(["capture", "reserve"]);

    // The code is in no row, no request-log body, no event and no log line.
    expect(sms.body).toBe("Your Ama Shop code is ••••••. It expires in 10 minutes.");
    expect(sms.reference).toBe(v.verification_id);
    const stored = await db().verification.findUniqueOrThrow({ where: { id: v.verification_id } });
    expect(stored.codeSealed).toBeNull(); // erased once approved
    expect(stored.codeHash).not.toContain(code);
    await flushRequestLog();
    const bodies = await db().requestLogBody.findMany({ where: { accountId: c.accountId } });
    const allEvents = await db().event.findMany({ where: { accountId: c.accountId }, select: { data: true } });
    const everything = JSON.stringify([bodies.map((b) => [b.request, b.response]), allEvents]);
    expect(everything).not.toContain(code);
    expect(lines.join("\n")).not.toContain(code);
  });

  it("fails after five wrong codes (the right one is then refused, verify.failed once) and expires on time", async () => {
    const c = await apiCustomer({ balance: 2 });
    const sent = await api("POST", "/api/v1/verify/send", {
      key: c.liveKey,
      body: { to: "+233241110002", code_length: 8 },
    });
    const id = sent.body.data.verification_id;
    const code = codeIn(lastText());
    expect(code).toHaveLength(8);
    for (let i = 4; i >= 1; i--) {
      const res = await api("POST", "/api/v1/verify/check", {
        key: c.liveKey,
        body: { verification_id: id, code: wrongOf(code) },
      });
      expect(res.body.data).toMatchObject({ status: "pending", attempts_left: i });
    }
    const fifth = await api("POST", "/api/v1/verify/check", {
      key: c.liveKey,
      body: { verification_id: id, code: wrongOf(code) },
    });
    expect(fifth.body.data).toMatchObject({ status: "failed", attempts_left: 0 });
    const right = await api("POST", "/api/v1/verify/check", { key: c.liveKey, body: { verification_id: id, code } });
    expect(right.body.data).toMatchObject({ status: "failed", attempts_left: 0 });
    expect(await db().event.count({ where: { transactionId: id, event: "verify.failed" } })).toBe(1);

    // Another account, or the test key of this one, cannot see it.
    const other = await apiCustomer();
    for (const key of [other.liveKey, c.testKey]) {
      const res = await api("GET", `/api/v1/verify/status?verification_id=${id}`, { key });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("NOT_FOUND");
    }

    const short = await api("POST", "/api/v1/verify/send", {
      key: c.liveKey,
      body: { to: "+233241110003", ttl_seconds: 60 },
    });
    expect(lastText()).toContain("It expires in 1 minute.");
    const shortCode = codeIn(lastText());
    await sql().query(`UPDATE verifications SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      short.body.data.verification_id,
    ]);
    const status = await api("GET", `/api/v1/verify/status?verification_id=${short.body.data.verification_id}`, {
      key: c.liveKey,
    });
    expect(status.body.data.status).toBe("expired");
    const late = await api("POST", "/api/v1/verify/check", {
      key: c.liveKey,
      body: { verification_id: short.body.data.verification_id, code: shortCode },
    });
    expect(late.body.data.status).toBe("expired");
    expect(await db().event.count({ where: { transactionId: short.body.data.verification_id } })).toBe(0);

    // One nobody checks: the worker writes down that it expired and erases its code.
    const unchecked = await api("POST", "/api/v1/verify/send", { key: c.liveKey, body: { to: "+233241110006" } });
    const uncheckedId = unchecked.body.data.verification_id;
    await sql().query(`UPDATE verifications SET expires_at = now() - interval '1 second' WHERE id = $1`, [uncheckedId]);
    expect(await expireVerifications()).toBeGreaterThanOrEqual(1);
    expect(await db().verification.findUniqueOrThrow({ where: { id: uncheckedId } })).toMatchObject({
      status: "expired",
      codeSealed: null,
    });
  });

  it("resends the same code after the cooldown, refuses it before (changing nothing), and charges each send", async () => {
    const c = await apiCustomer({ balance: 2 });
    const first = await api("POST", "/api/v1/verify/send", { key: c.liveKey, body: { to: "+233241110004" } });
    const code = codeIn(lastText());
    const before = await footprint(c.accountId);
    const submitted = smsc.submitted.length;
    const soon = await api("POST", "/api/v1/verify/send", { key: c.liveKey, body: { to: "+233241110004" } });
    expect(soon.status).toBe(429);
    expect(soon.body.error).toMatchObject({ code: "RATE_LIMIT_EXCEEDED", remaining: 0 });
    expect(soon.body.error.retryAfter).toBeGreaterThanOrEqual(25);
    expect(Number(soon.headers.get("retry-after"))).toBe(soon.body.error.retryAfter);
    expect(await footprint(c.accountId)).toEqual(before);
    expect(smsc.submitted.length).toBe(submitted);

    await sql().query(`UPDATE verifications SET last_sent_at = now() - interval '31 seconds' WHERE id = $1`, [
      first.body.data.verification_id,
    ]);
    const resent = await api("POST", "/api/v1/verify/send", { key: c.liveKey, body: { to: "+233241110004" } });
    expect(resent.status).toBe(200);
    expect(resent.body.data).toMatchObject({ verification_id: first.body.data.verification_id, sends: 2 });
    expect(codeIn(lastText())).toBe(code);
    const price = await smsPrice();
    expect(resent.body.data.price.amount).toBe((2 * Number(price)) / 1e6);
    expect((await db().account.findUniqueOrThrow({ where: { id: c.accountId } })).balanceMicros).toBe(
      2_000_000n - 2n * price,
    );
    const approved = await api("POST", "/api/v1/verify/check", { key: c.liveKey, body: { to: "+233241110004", code } });
    expect(approved.body.data.status).toBe("approved");
  });

  it("answers a repeated idempotency_key from the first send: one SMS, one charge", async () => {
    const c = await apiCustomer({ balance: 2 });
    const body = { to: "+233241110005", idempotency_key: "signup-233241110005" };
    const first = await api("POST", "/api/v1/verify/send", { key: c.liveKey, body });
    const submitted = smsc.submitted.length;
    const replay = await api("POST", "/api/v1/verify/send", { key: c.liveKey, body });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("x-idempotent-replay")).toBe("true");
    expect(replay.body.data.verification_id).toBe(first.body.data.verification_id);
    expect(smsc.submitted.length).toBe(submitted);
    expect(await db().smsMessage.count({ where: { accountId: c.accountId } })).toBe(1);
  });
});
