import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { simpleParser } from "mailparser";
import { createRequire } from "node:module";
import { api, apiCustomer, emailSender, footprint } from "../../../test/api";
import { useSmtpSink } from "../../../test/smtp-sink";
import { db } from "../../db/client";
import { configure } from "../../config/config";

const require = createRequire(import.meta.url);
const { dkimVerify } = require("mailauth/lib/dkim/verify") as {
  dkimVerify(
    raw: Buffer,
    options: { resolver: (name: string, type: string) => Promise<string[][]> },
  ): Promise<{ results: { status: { result: string } }[] }>;
};

const sink = useSmtpSink({ beforeAll, afterAll });

const sender = (balance = 1) => emailSender("mail", balance);
const send = (key: string, body: object) => api("POST", "/api/v1/email/send", { key, body });

describe("POST /api/v1/email/send over SMTP", () => {
  it("delivers to the relay: bcc on the envelope only, display names and custom headers kept, DKIM that verifies, attachments byte for byte", async () => {
    const c = await sender();
    const attachment = randomBytes(50_000);
    const res = await send(c.liveKey, {
      from: `Acme Billing <billing@${c.domain.name}>`,
      to: ["Ama Mensah <ama@example.org>", "kofi@example.org"],
      cc: "Esi <esi@example.org>",
      bcc: ["audit@example.net"],
      replyTo: "support@elsewhere.example",
      subject: "Your invoice",
      text: "Hello Ama",
      html: "<p>Hello <b>Ama</b></p>",
      attachments: [{ filename: "invoice.bin", content: attachment.toString("base64") }],
      headers: { "List-Unsubscribe": "<mailto:unsubscribe@example.com>", "X-Campaign": "november" },
      tags: [{ name: "category", value: "invoice" }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      transaction_id: expect.stringMatching(/^email_[0-9A-Za-z]{12}_[0-9A-Za-z]{12}$/),
      email_id: expect.stringMatching(/^eml_/),
      status: "sent",
      to: ['"Ama Mensah" <ama@example.org>', "kofi@example.org"],
      from: `"Acme Billing" <billing@${c.domain.name}>`,
      subject: "Your invoice",
      recipients: 4,
      price: { amount: 0.004, currency: "USD" },
      remaining: 499999,
      quota: { used: 1, remaining: 499999 }, // enterprise: 500,000 emails a day
      created_at: expect.any(String),
    });

    const mail = sink.messages.at(-1)!;
    // The envelope sender is the message's own bounce address (VERP); the From header stays the customer's.
    expect(mail.from).toMatch(
      new RegExp(`^bounces\\+${res.body.data.email_id}\\.[0-9a-f]{16}@send\\.${c.domain.name.replace(/\./g, "\\.")}$`),
    );
    expect(mail.to.sort()).toEqual(["ama@example.org", "audit@example.net", "esi@example.org", "kofi@example.org"]);
    const parsed = await simpleParser(mail.raw);
    expect(parsed.headers.has("bcc")).toBe(false);
    expect(mail.raw.toString()).not.toContain("audit@example.net");
    expect(parsed.from?.value[0]).toEqual({ name: "Acme Billing", address: `billing@${c.domain.name}` });
    expect((parsed.to as { value: { name: string; address: string }[] }).value[0]).toEqual({
      name: "Ama Mensah",
      address: "ama@example.org",
    });
    expect(parsed.headers.get("x-campaign")).toBe("november");
    expect(parsed.messageId).toBe(`<${res.body.data.email_id}@${c.domain.name}>`);
    expect(parsed.attachments[0]!.filename).toBe("invoice.bin");
    expect(Buffer.compare(parsed.attachments[0]!.content, attachment)).toBe(0);

    const dkimRecord = c.domain.dns_records.find((r) => r.purpose === "dkim")!;
    const verified = await dkimVerify(mail.raw, {
      resolver: async (name, type) =>
        type === "TXT" && name === dkimRecord.name
          ? [[dkimRecord.value]]
          : Promise.reject(Object.assign(new Error("not found"), { code: "ENOTFOUND" })),
    });
    expect(verified.results[0]!.status.result).toBe("pass");

    const id = res.body.data.transaction_id;
    const ledger = await db().ledgerEntry.findMany({ where: { transactionId: id }, orderBy: { id: "asc" } });
    expect(ledger.map((e) => [e.kind, e.amountMicros])).toEqual([
      ["reserve", -4000n],
      ["capture", 0n],
    ]);
    const status = await api("GET", `/api/v1/email/status?transaction_id=${id}`, { key: c.liveKey });
    expect(status.body.data).toMatchObject({
      transaction_id: id,
      status: "sent",
      bcc: ["audit@example.net"],
      tags: [{ name: "category", value: "invoice" }],
      events: [expect.objectContaining({ event: "email.sent" })],
    });
    expect(
      (await api("GET", `/api/v1/email/status?transaction_id=${id}`, { key: (await apiCustomer()).liveKey })).status,
    ).toBe(404);
    const event = await db().event.findFirstOrThrow({ where: { transactionId: id } });
    expect(event.event).toBe("email.sent");
    expect(event.data).toMatchObject({
      transaction_id: id,
      type: "email",
      status: "sent",
      email_id: res.body.data.email_id,
      subject: "Your invoice",
      cost: 0.004,
      error: null,
      from: `"Acme Billing" <billing@${c.domain.name}>`,
    });
  });

  it("a relay rejection is 400 EMAIL_SEND_FAILED and an unreachable relay 503, both refunded", async () => {
    const c = await sender();
    const rejected = await send(c.liveKey, { to: "reject-me@example.org", subject: "x", text: "x" });
    expect(rejected.status).toBe(400);
    expect(rejected.body.error).toMatchObject({
      code: "EMAIL_SEND_FAILED",
      transaction_id: expect.stringMatching(/^email_/),
      provider_message: expect.stringContaining("550"),
    });
    const restore = configure({ SMTP_URL: "smtp://127.0.0.1:9" });
    try {
      const down = await send(c.liveKey, { to: "ok@example.org", subject: "x", text: "x" });
      expect(down.status).toBe(503);
      expect(down.body.error).toMatchObject({ code: "EMAIL_SEND_FAILED", error_id: expect.any(String) });
    } finally {
      restore();
    }
    expect((await db().account.findUniqueOrThrow({ where: { id: c.accountId } })).balanceMicros).toBe(1_000_000n);
    expect((await db().event.findMany({ where: { accountId: c.accountId } })).map((e) => e.event)).toEqual([
      "email.failed",
      "email.failed",
    ]);
  });

  it("honours idempotency_key: a repeat is replayed and sends nothing again", async () => {
    const c = await sender();
    const body = { to: "once@example.org", subject: "Once", text: "Only once", idempotency_key: "welcome-42" };
    const before = sink.messages.length;
    const first = await send(c.liveKey, body);
    const again = await send(c.liveKey, body);
    expect(again.headers.get("x-idempotent-replay")).toBe("true");
    expect(again.body.data).toEqual(first.body.data);
    expect(sink.messages.length - before).toBe(1);
    expect(await db().emailMessage.count({ where: { accountId: c.accountId } })).toBe(1);
  });

  it("test keys use the sandbox: nothing reaches the relay, nothing is charged, and from defaults to the primary domain", async () => {
    const c = await sender();
    const before = sink.messages.length;
    const res = await send(c.testKey, { to: "someone@example.org", subject: "hi", text: "hi" });
    expect(res.status).toBe(200);
    expect(res.body.data.from).toBe(`noreply@${c.domain.name}`);
    expect(sink.messages.length).toBe(before);
    expect((await db().account.findUniqueOrThrow({ where: { id: c.accountId } })).balanceMicros).toBe(1_000_000n);
  });

  it("answers every SPEC 4.1 error with nothing sent, charged or counted", async () => {
    const c = await sender();
    const ok = { to: "a@example.org", subject: "s", text: "t" };
    const many = Array.from({ length: 51 }, (_, i) => `r${i}@example.org`);
    const cases: [object, string, object?][] = [
      [{ ...ok, text: undefined }, "MISSING_CONTENT"],
      [
        { ...ok, to: "not-an-address" },
        "INVALID_EMAIL",
        { field: "to", address: "not-an-address", message: "Invalid email address: not-an-address" },
      ],
      [
        { ...ok, cc: ["fine@example.org", "bad@"] },
        "INVALID_EMAIL",
        { field: "cc", message: "Invalid email address in cc: bad@" },
      ],
      [{ ...ok, bcc: "nope" }, "INVALID_EMAIL", { field: "bcc" }],
      [{ ...ok, to: [] }, "NO_RECIPIENTS"],
      [{ ...ok, to: many }, "TOO_MANY_RECIPIENTS", { limit: 50, recipients: 51 }],
      [{ ...ok, to: many.slice(0, 30), cc: many.slice(30, 45), bcc: many.slice(45, 51) }, "TOO_MANY_RECIPIENTS"],
      [
        { ...ok, from: "me@unverified.example" },
        "UNVERIFIED_SENDER_DOMAIN",
        { provided_from: "me@unverified.example", provided_domain: "unverified.example" },
      ],
      [
        { ...ok, headers: { "X-Evil": "a\r\nBcc: victim@example.org" } },
        "INVALID_REQUEST",
        { errors: [expect.objectContaining({ type: "header_injection" })] },
      ],
      [
        { ...ok, headers: { From: "ceo@bank.example" } },
        "INVALID_REQUEST",
        { errors: [expect.objectContaining({ type: "reserved_header" })] },
      ],
      [
        { ...ok, headers: { "DKIM-Signature": "x" } },
        "INVALID_REQUEST",
        { errors: [expect.objectContaining({ type: "reserved_header" })] },
      ],
      [{ ...ok, attachments: [{ filename: "a.txt", content: "***not base64***" }] }, "INVALID_REQUEST"],
      [{ to: "a@example.org", text: "t" }, "MISSING_FIELD", { message: "Missing required field: subject" }],
      // 20 MB is counted on the decoded bytes, across all attachments.
      [
        {
          ...ok,
          attachments: [
            { filename: "a.bin", content: Buffer.alloc(10_000_000).toString("base64") },
            { filename: "b.bin", content: Buffer.alloc(10_971_521).toString("base64") },
          ],
        },
        "INVALID_REQUEST",
        { limit_bytes: 20_971_520 },
      ],
    ];
    const before = { sink: sink.messages.length, footprint: await footprint(c.accountId) };
    for (const [body, code, context] of cases) {
      const res = await send(c.liveKey, body);
      expect(res.status, `${code}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.error, JSON.stringify(body).slice(0, 100)).toMatchObject({
        code,
        docs_url: "http://kasa.test/docs/errors#client-error-codes",
        ...context,
      });
    }
    expect(sink.messages.length).toBe(before.sink);
    expect(await footprint(c.accountId)).toEqual(before.footprint);
  });

  it("without a verified domain, a live key is refused and a test key sends from the sandbox sender", async () => {
    const c = await apiCustomer({ balance: 1 });
    const before = { sink: sink.messages.length, footprint: await footprint(c.accountId) };
    const live = await send(c.liveKey, { to: "a@example.org", subject: "s", text: "t" });
    expect(live.status).toBe(400);
    expect(live.body.error).toMatchObject({
      code: "UNVERIFIED_SENDER_DOMAIN",
      provided_from: null,
      message: expect.stringContaining("test keys may send from onboarding@sandbox.kasa.dev"),
    });
    const liveFromSandbox = await send(c.liveKey, {
      from: "onboarding@sandbox.kasa.dev",
      to: "a@example.org",
      subject: "s",
      text: "t",
    });
    expect(liveFromSandbox.body.error).toMatchObject({
      code: "UNVERIFIED_SENDER_DOMAIN",
      message: expect.stringContaining("for test keys only"),
    });
    expect(await footprint(c.accountId)).toEqual(before.footprint);

    // Day one: a test email with no domain at all, from the documented sandbox sender, to the sandbox only.
    const test = await send(c.testKey, { to: "a@example.org", subject: "Hello", text: "t" });
    expect(test.status, JSON.stringify(test.body)).toBe(200);
    const named = await send(c.testKey, {
      from: "Ama <onboarding@sandbox.kasa.dev>",
      to: "a@example.org",
      subject: "Hello",
      text: "t",
    });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    const stored = await db().emailMessage.findMany({
      where: { accountId: c.accountId },
      orderBy: { createdAt: "asc" },
    });
    expect(stored.map((e) => [e.sender, e.mode]).sort()).toEqual([
      ['"Ama" <onboarding@sandbox.kasa.dev>', "test"],
      ['"Kasa sandbox" <onboarding@sandbox.kasa.dev>', "test"],
    ]);
    expect(sink.messages.length, "nothing reached a real relay").toBe(before.sink);
  });
});
