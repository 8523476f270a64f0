// Scheduled email (docs/decisions.md, "Tracking and scheduling") through the real paths: the API, a real
// worker process and a real SMTP relay on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, footprint, emailSender } from "../../../test/api";
import { useSmtpSink } from "../../../test/smtp-sink";
import { startWorker } from "../../../test/worker-process";
import { waitUntil } from "../../../test/wait-until";
import { db } from "../../db/client";
import { createApiKey } from "../keys/create-api-key";
import { sendDueScheduledEmails } from "./send-due-scheduled-emails";

const sink = useSmtpSink({ beforeAll, afterAll });

const sender = () => emailSender("sched");
const send = (key: string, body: object) => api("POST", "/api/v1/email/send", { key, body });
const cancel = (key: string, id: string) => api("POST", "/api/v1/email/cancel", { key, body: { id } });
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();
const mailsTo = (address: string) => sink.messages.filter((m) => m.to.includes(address));
const eventsOf = async (transactionId: string) =>
  (await db().event.findMany({ where: { transactionId }, orderBy: { id: "asc" } })).map((e) => ({
    event: e.event,
    livemode: e.livemode,
  }));
const ledgerOf = async (transactionId: string) =>
  (await db().ledgerEntry.findMany({ where: { transactionId }, orderBy: { id: "asc" } })).map((l) => [
    l.kind,
    l.amountMicros,
  ]);

describe("POST /api/v1/email/send with scheduled_at", () => {
  it("reserves at once, raises email.scheduled, and is sent at its time by a worker started after a restart", async () => {
    const c = await sender();
    const at = inSeconds(6);
    const res = await send(c.liveKey, {
      from: `news@${c.domain.name}`,
      to: ["ama@example.org", "kofi@example.org"],
      subject: "Later",
      html: "<p>Later</p>",
      text: "Later",
      attachments: [{ filename: "a.txt", content: Buffer.from("attached").toString("base64") }],
      headers: { "X-Campaign": "december" },
      scheduled_at: at,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      status: "scheduled",
      scheduled_at: new Date(at).toISOString(),
      recipients: 2,
      price: { amount: 0.002, currency: "USD" },
    });
    const txn = res.body.data.transaction_id;
    expect(await ledgerOf(txn)).toEqual([["reserve", -2000n]]);
    expect((await footprint(c.accountId)).balance).toBe(998_000n);
    expect(await eventsOf(txn)).toEqual([{ event: "email.scheduled", livemode: true }]);
    const status = await api("GET", `/api/v1/email/status?transaction_id=${txn}`, { key: c.liveKey });
    expect(status.body.data).toMatchObject({ status: "scheduled", scheduled_at: new Date(at).toISOString() });

    // A worker that stops before the time, then a new one: the message waits in the database, not in a process.
    const first = await startWorker();
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(mailsTo("ama@example.org")).toHaveLength(0);
    const second = await startWorker();
    try {
      await waitUntil(() => mailsTo("ama@example.org").length > 0, "the scheduled mail", { timeoutMs: 20_000 });
      // Never before its time (whenever the worker came up).
      expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(at));
      await waitUntil(async () => (await eventsOf(txn)).length === 2, "email.sent", { timeoutMs: 10_000 });
    } finally {
      second.child.kill("SIGTERM");
      await second.exited;
    }
    const mail = mailsTo("ama@example.org");
    expect(mail).toHaveLength(1);
    const raw = mail[0]!.raw.toString();
    expect(raw).toContain("X-Campaign: december");
    expect(raw).toContain("a.txt");
    expect(await eventsOf(txn)).toEqual([
      { event: "email.scheduled", livemode: true },
      { event: "email.sent", livemode: true },
    ]);
    expect(await ledgerOf(txn)).toEqual([
      ["reserve", -2000n],
      ["capture", 0n],
    ]);
    const row = await db().emailMessage.findFirstOrThrow({ where: { transactionId: txn } });
    expect(row.status).toBe("sent");
    // The content is not kept once the message has left.
    expect(await db().scheduledEmailContent.count({ where: { emailId: row.id } })).toBe(0);
  }, 60_000);

  it("a cancelled message never leaves and its money comes back; cancelling again, or a sent message, is a CONFLICT", async () => {
    const c = await sender();
    const res = await send(c.liveKey, {
      to: "esi@example.org",
      subject: "Never",
      text: "x",
      scheduled_at: inSeconds(2),
    });
    expect(res.body.data.status).toBe("scheduled");
    const { transaction_id: txn, email_id: emailId } = res.body.data;

    const noScope = await createApiKey({ accountId: c.accountId, mode: "live", scopes: ["sms:send"] });
    const refused = await cancel(noScope.key, emailId);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("FORBIDDEN");
    // The other mode's key cannot see it.
    expect((await cancel(c.testKey, emailId)).status).toBe(404);
    expect((await cancel(c.liveKey, "eml_nosuchmessage")).body.error.code).toBe("NOT_FOUND");

    const done = await cancel(c.liveKey, txn);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({
      email_id: emailId,
      transaction_id: txn,
      status: "cancelled",
      refunded: { amount: 0.001, currency: "USD" },
    });
    expect((await footprint(c.accountId)).balance).toBe(1_000_000n);
    expect(await ledgerOf(txn)).toEqual([
      ["reserve", -1000n],
      ["refund", 1000n],
    ]);

    // Its time comes (the job runs at a later hour): nothing is left to send.
    expect(await sendDueScheduledEmails(new Date(inSeconds(3_600)))).toBe(0);
    expect(mailsTo("esi@example.org")).toHaveLength(0);
    expect((await eventsOf(txn)).map((e) => e.event)).toEqual(["email.scheduled", "email.cancelled"]);

    const again = await cancel(c.liveKey, emailId);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: "CONFLICT", reason: "already_cancelled" });
    const sentNow = await send(c.liveKey, { to: "yaw@example.org", subject: "Now", text: "x" });
    const late = await cancel(c.liveKey, sentNow.body.data.email_id);
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ code: "CONFLICT", reason: "not_scheduled" });
  });

  it("two workers claiming at once send a due message once", async () => {
    const c = await sender();
    const res = await send(c.testKey, {
      to: "twice@example.org",
      subject: "Once",
      text: "x",
      scheduled_at: inSeconds(1),
    });
    expect(res.body.data.status).toBe("scheduled");
    // Three workers' jobs at once, at a moment after it is due.
    const due = new Date(inSeconds(60));
    const claimed = await Promise.all([
      sendDueScheduledEmails(due),
      sendDueScheduledEmails(due),
      sendDueScheduledEmails(due),
    ]);
    expect(claimed.reduce((a, b) => a + b, 0)).toBe(1);
    // A test key's scheduled message goes through the sandbox and its events say livemode false.
    const events = await eventsOf(res.body.data.transaction_id);
    expect(events.slice(0, 2)).toEqual([
      { event: "email.scheduled", livemode: false },
      { event: "email.sent", livemode: false },
    ]);
  });

  it("refuses a time more than 30 days ahead or without a zone, changing nothing; a time already past sends now", async () => {
    const c = await sender();
    const before = await footprint(c.accountId);
    for (const scheduled_at of [inSeconds(31 * 86_400), "2026-12-01T09:00:00", "tomorrow", 12]) {
      const res = await send(c.liveKey, { to: "a@example.org", subject: "x", text: "x", scheduled_at });
      expect(res.status, String(scheduled_at)).toBe(400);
      expect(res.body.error.code).toBe("INVALID_REQUEST");
      expect(res.body.error.errors[0].loc).toEqual(["body", "scheduled_at"]);
    }
    expect(await footprint(c.accountId)).toEqual(before);
    expect(await db().emailMessage.count({ where: { accountId: c.accountId } })).toBe(0);

    const past = await send(c.liveKey, {
      to: "now@example.org",
      subject: "x",
      text: "x",
      scheduled_at: inSeconds(-60),
    });
    expect(past.body.data.status).toBe("sent");
    expect(past.body.data.scheduled_at).toBeUndefined();
    expect(mailsTo("now@example.org")).toHaveLength(1);
  });
});
