// Crash safety of a live SMS (docs/decisions.md, "Crash-safe sends"), against real SMPP peers on
// 127.0.0.1: an answer lost with its link is not a failure, a retry with the
// same idempotency key never reaches the carrier again, a receipt is
// acknowledged only once stored, and the recovery job settles what a dead
// request left.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { api, apiCustomer } from "../../../test/api";
import { TestSmsc } from "../../../test/smpp-server";
import { waitUntil } from "../../../test/wait-until";
import { db, sql } from "../../db/client";
import { closeLiveCarriers } from "../../providers/sms";
import { claimIdempotencyKey, releaseIdempotencyKey } from "../idempotency/idempotency-key";
import { settleStuckSends } from "../operations/settle-stuck-sends";
import { applyCarrierReceipt, applyPendingReceipts } from "./apply-carrier-receipt";
import { insertPendingSms } from "./sms-store";
import { newPendingSms, prepareSms } from "./send-sms";
import { resolveApiKey } from "../keys/resolve-api-key";
import { configure } from "../../config/config";
import { withConfig } from "../../../test/config";

// Carrier "first" is the route's first choice; "second" would take over from an unavailable first.
const first = new TestSmsc("kasa", "secret");
const second = new TestSmsc("kasa", "secret");
const SEND = "/api/v1/sms/send";

let restore = () => {};
beforeAll(async () => {
  await Promise.all([first.start(), second.start()]);
  restore = configure({ SMS_CARRIERS: `first=${first.url("?timeout_s=1")},second=${second.url()}` });
});
afterAll(async () => {
  restore();
  await closeLiveCarriers();
  await Promise.all([first.stop(), second.stop()]);
});
beforeEach(() => {
  first.silent = false;
});

async function ledgerOf(transactionId: string) {
  const { rows } = await sql().query<{ kind: string }>(
    `SELECT kind FROM ledger_entries WHERE transaction_id = $1 ORDER BY id`,
    [transactionId],
  );
  return rows.map((r) => r.kind);
}

/** A live message to +233241234567 as the send path builds it (prepareSms, newPendingSms), before it is written. */
async function pendingMessage({ id, customer, body }: { id: string; customer: { liveKey: string }; body: string }) {
  const caller = (await resolveApiKey(customer.liveKey))!;
  const input = { to: "+233241234567", message: body };
  const { sms, reason } = newPendingSms({ input, plan: await prepareSms(input, caller), caller });
  return { sms: { ...sms, id }, reason };
}

describe("an SMPP submit whose answer is lost", () => {
  it("with the link dropped mid-submit: 200 unknown at once, charged, never refunded, never sent to the next carrier", async () => {
    const c = await apiCustomer({ balance: 5 });
    first.silent = true;
    const before = { first: first.submitted.length, second: second.submitted.length };
    const sending = api("POST", SEND, { key: c.liveKey, body: { to: "+233241234567", message: "Lost answer" } });
    await waitUntil(() => first.submitted.length > before.first, "the submit to reach the SMSC", { timeoutMs: 5_000 });
    first.dropSessions();
    const res = await sending;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: "unknown", provider: "first" });
    expect(second.submitted.length, "never handed to another carrier").toBe(before.second);
    expect(await ledgerOf(res.body.data.transaction_id)).toEqual(["reserve", "capture"]);
    const attempts = (await db().smsMessage.findUniqueOrThrow({ where: { id: res.body.data.transaction_id } }))
      .carrierAttempts as { outcome: string; detail: string }[];
    expect(attempts.map((a) => a.outcome)).toEqual(["ambiguous"]);
    // Answered when the link dropped, not after the submit timeout ran out.
    expect(attempts[0]!.detail).toContain("the link dropped before the SMSC answered");
  });

  it("with the SMSC silent past the submit timeout: the same, after the timeout", async () => {
    const c = await apiCustomer({ balance: 5 });
    first.silent = true;
    await waitUntil(async () => first.binds >= 2, "the carrier to bind again after the drop", { timeoutMs: 10_000 });
    const before = second.submitted.length;
    const res = await api("POST", SEND, { key: c.liveKey, body: { to: "+233241234567", message: "Silent" } });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe("unknown");
    expect(second.submitted.length).toBe(before);
    expect(await ledgerOf(res.body.data.transaction_id)).toEqual(["reserve", "capture"]);
  });
});

describe("an idempotency key stays bound to the transaction it started", () => {
  it("a retry of a request that died after creating its message never reaches the carrier: 409 while it is pending, then that message as the recovery job settled it", async () => {
    const c = await apiCustomer({ balance: 5 });
    const body = { to: "+233241234567", message: "Retry me", idempotency_key: "dead-request-1" };
    // What a request that died mid-send leaves: its claim and its pending, reserved message, bound together.
    const scope = { accountId: c.accountId, mode: "live" as const, service: "sms", key: body.idempotency_key };
    const { requestFingerprint } = await import("../idempotency/idempotency-key");
    const claim = await claimIdempotencyKey(scope, requestFingerprint(body));
    const id = `sms_dead_${Date.now()}`;
    expect(
      await insertPendingSms({
        ...(await pendingMessage({ id, customer: c, body: body.message })),
        idem: { ...scope, claimToken: claim.outcome === "claimed" ? claim.claimToken : "" },
      }),
    ).toBe(true);
    // Its process is gone: the claim's lock has run out.
    await sql().query(`UPDATE idempotency_keys SET locked_until = now() - interval '1 second' WHERE key = $1`, [
      body.idempotency_key,
    ]);
    const carrierBefore = first.submitted.length + second.submitted.length;

    const early = await api("POST", SEND, { key: c.liveKey, body });
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({ code: "REQUEST_IN_PROGRESS", transaction_id: id });

    await withConfig({ KASA_SEND_RECOVERY_AFTER_S: "0" }, async () =>
      expect((await settleStuckSends()).sms).toBeGreaterThanOrEqual(1),
    );
    const later = await api("POST", SEND, { key: c.liveKey, body });
    expect(later.status).toBe(200);
    expect(later.headers.get("x-idempotent-replay")).toBe("true");
    expect(later.body.data).toMatchObject({ transaction_id: id, status: "unknown" });
    expect(first.submitted.length + second.submitted.length, "the carrier never saw a second send").toBe(carrierBefore);
    expect(await ledgerOf(id)).toEqual(["reserve", "capture"]);
    expect(await db().auditEvent.count({ where: { target: id, action: "send.recovered" } })).toBe(1);
    // A second run of the job finds nothing to do.
    await withConfig({ KASA_SEND_RECOVERY_AFTER_S: "0" }, () => settleStuckSends());
    expect(await ledgerOf(id)).toEqual(["reserve", "capture"]);
  });

  it("a claim whose request never created a transaction is taken over once its lock runs out", async () => {
    const c = await apiCustomer({ balance: 5 });
    const body = { to: "+233241234567", message: "Never left", idempotency_key: "never-left-1" };
    const { requestFingerprint } = await import("../idempotency/idempotency-key");
    await claimIdempotencyKey(
      { accountId: c.accountId, mode: "live", service: "sms", key: body.idempotency_key },
      requestFingerprint(body),
    );
    await sql().query(`UPDATE idempotency_keys SET locked_until = now() - interval '1 second' WHERE key = $1`, [
      body.idempotency_key,
    ]);
    const res = await api("POST", SEND, { key: c.liveKey, body });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe("sent");
  });

  it("a request that outlived its lock and lost its key to a retry creates, reserves and sends nothing, and cannot touch the retry's key", async () => {
    const c = await apiCustomer({ balance: 5 });
    const body = { to: "+233241234567", message: "Starved", idempotency_key: "starved-1" };
    const scope = { accountId: c.accountId, mode: "live" as const, service: "sms", key: body.idempotency_key };
    const { requestFingerprint } = await import("../idempotency/idempotency-key");
    // The first request claimed the key, then its process stalled past the lock (an event loop starved by load).
    const stale = await claimIdempotencyKey(scope, requestFingerprint(body));
    if (stale.outcome !== "claimed") throw new Error(`expected a claim, got ${stale.outcome}`);
    await sql().query(`UPDATE idempotency_keys SET locked_until = now() - interval '1 second' WHERE key = $1`, [
      body.idempotency_key,
    ]);
    const carrierBefore = first.submitted.length + second.submitted.length;
    const retry = await api("POST", SEND, { key: c.liveKey, body });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    const balanceAfterRetry = (await db().account.findUniqueOrThrow({ where: { id: c.accountId } })).balanceMicros;

    // The stalled request wakes up and goes on to write its pending message: refused, nothing written.
    const staleScope = { ...scope, claimToken: stale.claimToken };
    const staleId = `sms_stale_${Date.now()}`;
    const writing = insertPendingSms({
      ...(await pendingMessage({ id: staleId, customer: c, body: body.message })),
      idem: staleScope,
    });
    await expect(writing).rejects.toMatchObject({ code: "REQUEST_IN_PROGRESS" });
    expect(await db().smsMessage.count({ where: { id: staleId } })).toBe(0);
    expect(await ledgerOf(staleId)).toEqual([]);
    expect((await db().account.findUniqueOrThrow({ where: { id: c.accountId } })).balanceMicros).toBe(
      balanceAfterRetry,
    );
    // Its failure path releases "its" key: the retry's stored answer stays.
    await releaseIdempotencyKey(staleScope);
    const again = await api("POST", SEND, { key: c.liveKey, body });
    expect(again.headers.get("x-idempotent-replay")).toBe("true");
    expect(again.body.data.transaction_id).toBe(retry.body.data.transaction_id);
    expect(first.submitted.length + second.submitted.length - carrierBefore, "one message reached a carrier").toBe(1);
  });
});

describe("receipts are acknowledged only once stored", () => {
  it("a receipt that comes before its message is settled waits, and is applied once the message is", async () => {
    const c = await apiCustomer({ balance: 5 });
    const res = await api("POST", SEND, { key: c.liveKey, body: { to: "+233241234567", message: "Early" } });
    const { transaction_id: id, message_id: carrierId } = res.body.data;
    // As if the receipt had overtaken the submit's answer: the message's carrier id not stored yet.
    await sql().query(`UPDATE sms_messages SET provider_message_id = NULL WHERE id = $1`, [id]);
    expect(await applyCarrierReceipt({ provider: "first", messageId: carrierId, outcome: "delivered" })).toBe(false);
    expect(await db().pendingReceipt.count({ where: { carrierMessageId: carrierId } })).toBe(1);
    await sql().query(`UPDATE sms_messages SET provider_message_id = $2 WHERE id = $1`, [id, carrierId]);
    expect(await applyPendingReceipts()).toBeGreaterThanOrEqual(1);
    expect((await db().smsMessage.findUniqueOrThrow({ where: { id } })).status).toBe("delivered");
    expect(await db().pendingReceipt.count({ where: { carrierMessageId: carrierId } })).toBe(0);
  });

  it("an SMPP receipt that cannot be stored is answered with a temporary error, so the SMSC sends it again", async () => {
    await waitUntil(async () => first.binds > 0, "a bind", { timeoutMs: 10_000 });
    await sql().query(`ALTER TABLE pending_receipts RENAME TO pending_receipts_away`);
    let refused: number;
    try {
      refused = await first.receiptFor("NOT-YET-STORED-1", "DELIVRD");
    } finally {
      await sql().query(`ALTER TABLE pending_receipts_away RENAME TO pending_receipts`);
    }
    expect(refused, "ESME_RX_T_APPN: deliver again later").toBe(0x64);
    expect(await first.receiptFor("NOT-YET-STORED-1", "DELIVRD")).toBe(0);
    expect(await db().pendingReceipt.count({ where: { carrierMessageId: "NOT-YET-STORED-1" } })).toBe(1);
  });
});
