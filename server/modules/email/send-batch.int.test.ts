import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simpleParser } from "mailparser";
import { api, footprint, emailSender } from "../../../test/api";
import { useSmtpSink } from "../../../test/smtp-sink";
import { db } from "../../db/client";

const sink = useSmtpSink({ beforeAll, afterAll });

const sender = () => emailSender("batch", 5);
const batch = (key: string, body: object) => api("POST", "/api/v1/email/batch", { key, body });

describe("POST /api/v1/email/batch", () => {
  it("sends 100 items as 100 messages and answers 100 results in the submitted order", async () => {
    const c = await sender();
    const before = sink.messages.length;
    const emails = Array.from({ length: 100 }, (_, i) => ({
      from: `News <news@${c.domain.name}>`,
      to: `reader${i}@example.org`,
      subject: `Issue ${i}`,
      text: `Body ${i}`,
      cc: "ignored@example.org",
      headers: { "X-Ignored": "1" },
    }));
    const res = await batch(c.liveKey, { emails });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body.data).toMatchObject({
      batch_id: expect.stringMatching(/^batch_[0-9A-Za-z]{12}_[0-9A-Za-z]{12}$/),
      status: "sent",
      total_emails: 100,
      total_recipients: 100,
      from: `"News" <news@${c.domain.name}>`,
      price: { amount: 0.1, currency: "USD" },
    });
    expect(
      res.body.data.results.map((r: { index: number; subject: string; to: string }) => [r.index, r.subject, r.to]),
    ).toEqual(emails.map((e, i) => [i, e.subject, e.to]));
    const received = sink.messages.slice(before);
    expect(received).toHaveLength(100);
    expect(received.flatMap((m) => m.to).sort()).toEqual(emails.map((e) => e.to).sort()); // cc is not honoured on batch
    const one = await simpleParser(received[0]!.raw);
    expect(one.headers.has("x-ignored")).toBe(false);
    const emailIds = res.body.data.results.map((r: { email_id: string }) => r.email_id);
    expect(new Set(emailIds).size).toBe(100);
    const ledger = await db().ledgerEntry.findMany({
      where: { transactionId: res.body.data.batch_id },
      orderBy: { id: "asc" },
    });
    expect(ledger.map((e) => [e.kind, e.amountMicros])).toEqual([
      ["reserve", -100_000n],
      ["capture", 0n],
    ]);
    expect(await db().event.count({ where: { accountId: c.accountId, event: "email.sent" } })).toBe(100);
    const sentEvent = await db().event.findFirstOrThrow({
      where: { transactionId: res.body.data.results[7].transaction_id },
    });
    expect(sentEvent.data).toMatchObject({ email_id: emailIds[7], subject: "Issue 7", status: "sent" });
  });

  it("one bad item rejects the whole batch: nothing sent, charged or counted", async () => {
    const c = await sender();
    const good = { to: "a@example.org", subject: "s", text: "t" };
    const cases: [object, string, object?][] = [
      [{}, "INVALID_INPUT"],
      [{ emails: "nope" }, "INVALID_INPUT"],
      [{ emails: [] }, "INVALID_INPUT"],
      [{ emails: Array.from({ length: 101 }, () => good) }, "BATCH_LIMIT_EXCEEDED", { limit: 100 }],
      // Too long inside one item is that item's problem, not the batch's size (docs/decisions.md, "Validation and errors").
      [{ emails: [good, { ...good, subject: "s".repeat(999) }] }, "INVALID_INPUT"],
      [
        { emails: [good, { subject: "s", text: "t" }] },
        "MISSING_FIELD",
        { message: "Missing required field: emails[1].to", index: 1 },
      ],
      [
        { emails: [good, good, { to: "b@example.org", text: "t" }] },
        "MISSING_FIELD",
        { message: "Missing required field: emails[2].subject" },
      ],
      [{ emails: [good, { to: "b@example.org", subject: "s" }] }, "MISSING_CONTENT", { index: 1 }],
      [
        { emails: [good, { ...good, from: "x@unverified.example" }] },
        "UNVERIFIED_SENDER_DOMAIN",
        { index: 1, provided_domain: "unverified.example" },
      ],
      [{ emails: [{ ...good, to: "broken@" }] }, "INVALID_EMAIL", { index: 0, field: "to" }],
      [
        { emails: [{ ...good, to: Array.from({ length: 51 }, (_, i) => `r${i}@example.org`) }] },
        "TOO_MANY_RECIPIENTS",
        { index: 0 },
      ],
    ];
    const before = { sink: sink.messages.length, footprint: await footprint(c.accountId) };
    for (const [body, code, context] of cases) {
      const res = await batch(c.liveKey, body);
      expect(res.status, `${code}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(400);
      expect(res.body.error).toMatchObject({ code, ...context });
    }
    expect(sink.messages.length).toBe(before.sink);
    expect(await footprint(c.accountId)).toEqual(before.footprint);
  });

  it("refunds the items the relay refused and reports them; all refused is 400 EMAIL_SEND_FAILED", async () => {
    const c = await sender();
    const res = await batch(c.liveKey, {
      emails: [
        { to: "fine@example.org", subject: "a", text: "a" },
        { to: "reject@example.org", subject: "b", text: "b" },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.results.map((r: { status: string }) => r.status)).toEqual(["sent", "failed"]);
    expect(res.body.data.price).toEqual({ amount: 0.001, currency: "USD" });
    const ledger = await db().ledgerEntry.findMany({
      where: { transactionId: res.body.data.batch_id },
      orderBy: { id: "asc" },
    });
    // capture and refund are written by one statement: compare them as a set.
    expect(ledger.map((e) => [e.kind, e.amountMicros]).sort()).toEqual([
      ["capture", 0n],
      ["refund", 1000n],
      ["reserve", -2000n],
    ]);

    const none = await batch(c.liveKey, {
      emails: [
        { to: "reject1@example.org", subject: "a", text: "a" },
        { to: "reject2@example.org", subject: "b", text: "b" },
      ],
    });
    expect(none.status).toBe(400);
    expect(none.body.error).toMatchObject({ code: "EMAIL_SEND_FAILED", batch_id: expect.stringMatching(/^batch_/) });
    const refunded = await db().ledgerEntry.findMany({
      where: { transactionId: none.body.error.batch_id },
      orderBy: { id: "asc" },
    });
    expect(refunded.map((e) => [e.kind, e.amountMicros])).toEqual([
      ["reserve", -2000n],
      ["refund", 2000n],
    ]);
  });

  it("leaves suppressed addresses out, unsent and unpaid: a message with none left is 'suppressed'", async () => {
    const c = await sender();
    await db().suppression.createMany({
      data: [
        { accountId: c.accountId, address: "bounced@example.org", reason: "hard_bounce" },
        { accountId: c.accountId, address: "complained@example.org", reason: "complaint" },
      ],
    });
    const before = sink.messages.length;
    const ledgerBefore = (await footprint(c.accountId)).balance;
    const from = `News <news@${c.domain.name}>`;
    const res = await batch(c.liveKey, {
      emails: [
        { from, to: ["bounced@example.org", "fine@example.org"], subject: "A", text: "a" },
        { from, to: "complained@example.org", subject: "B", text: "b" },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total_recipients: 1, price: { amount: 0.001 } });
    expect(res.body.data.results).toMatchObject([
      { index: 0, status: "sent", suppressed: ["bounced@example.org"] },
      { index: 1, status: "suppressed", suppressed: ["complained@example.org"] },
    ]);
    const received = sink.messages.slice(before);
    expect(received.flatMap((m) => m.to)).toEqual(["fine@example.org"]);
    expect((await footprint(c.accountId)).balance).toBe(ledgerBefore - 1_000n);
    const second = res.body.data.results[1].transaction_id;
    expect((await db().event.findMany({ where: { transactionId: second } })).map((e) => e.event)).toEqual([
      "email.suppressed",
    ]);

    // A batch with nobody left to mail is answered, not failed, and holds no money.
    const none = await batch(c.liveKey, {
      emails: [{ from, to: "bounced@example.org", subject: "C", text: "c" }],
    });
    expect(none.status).toBe(200);
    expect(none.body.data).toMatchObject({ price: { amount: 0 }, results: [{ status: "suppressed" }] });
    expect(await db().ledgerEntry.count({ where: { transactionId: none.body.data.batch_id } })).toBe(0);
  });
});
