// The SMTP submission service (docs/decisions.md, "SMTP relay") against a real SMTP client (nodemailer) and the SMTP sink as the relay:
// each message one email transaction under the API's rules (DKIM, the ledger, events, the request log, Messages),
// and each refusal answered as smtp-replies.ts says.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTransport } from "nodemailer";
import { apiCustomer, emailSender } from "../../test/api";
import { useSmtpSink } from "../../test/smtp-sink";
import { db, sql } from "../db/client";
import { createApiKey } from "../modules/keys/create-api-key";
import { flushRequestLog } from "../modules/requestlog/request-log-buffer";
import { listMessages } from "../modules/messages/list-messages";
import { startSubmissionServer } from "./submission-server";
import { forgetAuthFailures } from "./auth-throttle";
import { selfSignedCertificate } from "./self-signed";

const sink = useSmtpSink({ beforeAll, afterAll });
let service: Awaited<ReturnType<typeof startSubmissionServer>>;
let strict: Awaited<ReturnType<typeof startSubmissionServer>>;

beforeAll(async () => {
  const tls = await selfSignedCertificate("localhost");
  service = await startSubmissionServer({ port: 0, host: "127.0.0.1", tls, limits: { maxMessageBytes: 300_000 } });
  strict = await startSubmissionServer({ port: 0, host: "127.0.0.1", tls, loopbackWithoutTls: false });
});
afterAll(async () => {
  await service.close();
  await strict.close();
});
beforeEach(() => forgetAuthFailures());

const client = (pass: string, options: { port?: number; ignoreTLS?: boolean } = {}) =>
  createTransport({
    host: "127.0.0.1",
    port: options.port ?? service.port,
    secure: false,
    ignoreTLS: options.ignoreTLS,
    auth: { user: "kasa", pass },
    tls: { rejectUnauthorized: false },
  });

const mailsTo = (address: string) => sink.messages.filter((m) => m.to.includes(address));
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("accepted");
    },
    (error: { responseCode?: number; response?: string }) => ({ code: error.responseCode, text: error.response ?? "" }),
  );

describe("the SMTP submission service", () => {
  it("sends a live message as the API would: DKIM-signed, Bcc in the envelope only, charged, announced, logged", async () => {
    const c = await emailSender("smtp", 2);
    const from = `Shop <hello@${c.domain.name}>`;
    const info = await client(c.liveKey).sendMail({
      from,
      to: "ama@example.com",
      bcc: "yaw@example.com",
      replyTo: "care@example.com",
      subject: "Your order",
      text: "It ships today.",
      html: "<p>It ships today.</p>",
      headers: { "X-Order": "42" },
      attachments: [{ filename: "receipt.txt", content: "Paid: 10 GHS" }],
    });
    expect(info.response).toMatch(/^250 2\.0\.0 Queued as eml_/);
    const emailId = /eml_\w+/.exec(info.response)![0];

    const received = mailsTo("ama@example.com");
    expect(received).toHaveLength(1);
    expect(received[0]!.to.sort()).toEqual(["ama@example.com", "yaw@example.com"]);
    const raw = received[0]!.raw.toString().replace(/\r?\n[ \t]+/g, " "); // headers unfolded
    expect(raw).toMatch(/^DKIM-Signature: .*d=smtp-/m);
    expect(raw).toMatch(/^From: Shop <hello@smtp-/m);
    expect(raw).toMatch(/^To: ama@example\.com/m);
    expect(raw).toMatch(/^Reply-To: care@example\.com/m);
    expect(raw).toMatch(/^X-Order: 42/m);
    expect(raw).toContain("receipt.txt");
    expect(raw).not.toMatch(/^Bcc:/im);
    expect(raw).not.toContain("yaw@example.com");

    const email = await db().emailMessage.findUniqueOrThrow({ where: { id: emailId } });
    expect(email).toMatchObject({ via: "smtp", mode: "live", recipients: 2, status: "sent" });
    const charges = await db().ledgerEntry.findMany({
      where: { accountId: c.accountId, transactionId: email.transactionId },
    });
    expect(charges.reduce((sum, e) => sum + e.amountMicros, 0n)).toBe(-2_000n); // two recipients, as the API charges
    expect(await db().event.count({ where: { transactionId: email.transactionId, event: "email.sent" } })).toBe(1);
    await flushRequestLog();
    const { rows } = await sql().query(
      `SELECT l.method, l.status, b.response FROM request_logs l
       JOIN request_log_bodies b ON b.request_id = l.request_id AND b.created_at = l.created_at
       WHERE l.account_id = $1 AND l.transaction_id = $2`,
      [c.accountId, email.transactionId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ method: "SMTP", status: 200 });
    expect(rows[0].response.smtp_reply).toBe(`250 2.0.0 Queued as ${emailId}`);
    const messages = await listMessages({ accountId: c.accountId });
    expect(messages.items.find((m) => m.transactionId === email.transactionId)).toMatchObject({ via: "smtp" });

    // Resubmitted with the same Message-ID (a client retrying after a lost answer): one delivery, one charge.
    const again = {
      from,
      to: "esi@example.com",
      subject: "Once",
      text: "Once only",
      messageId: "<once-1@app.example>",
    };
    const first = await client(c.liveKey).sendMail(again);
    const second = await client(c.liveKey).sendMail(again);
    expect(second.response).toBe(first.response);
    expect(mailsTo("esi@example.com")).toHaveLength(1);
    expect(await db().emailMessage.count({ where: { accountId: c.accountId, subject: "Once" } })).toBe(1);
    // The same message sent on to other recipients in another transaction (a relay splitting at 50) is sent too.
    await client(c.liveKey).sendMail({ ...again, to: "kwesi@example.com" });
    expect(mailsTo("kwesi@example.com")).toHaveLength(1);

    // Blind copies only (To: undisclosed recipients), on one pooled connection, two messages in a row.
    const pooled = createTransport({
      host: "127.0.0.1",
      port: service.port,
      pool: true,
      maxConnections: 1,
      auth: { user: "kasa", pass: c.liveKey },
      tls: { rejectUnauthorized: false },
    });
    for (const n of [1, 2])
      await pooled.sendMail({ from, bcc: `hidden${n}@example.com`, subject: `Blind ${n}`, text: "Only you" });
    pooled.close();
    for (const n of [1, 2]) {
      const blind = mailsTo(`hidden${n}@example.com`);
      expect(blind).toHaveLength(1);
      const header = blind[0]!.raw.toString().split(/\r?\n\r?\n/)[0]!;
      expect(header).not.toMatch(/^(To|Cc|Bcc):/im);
      expect(header).not.toContain(`hidden${n}@example.com`);
    }
  });

  it("answers each refusal with the table's reply, and changes nothing", async () => {
    const c = await emailSender("refuse", 2);
    const from = `hello@${c.domain.name}`;
    const message = { from, to: "kofi@example.com", subject: "Hi", text: "Hi" };
    const before = await db().emailMessage.count({ where: { accountId: c.accountId } });

    expect(await refusal(client("kasa_live_not_a_key").sendMail(message))).toMatchObject({
      code: 535,
      text: expect.stringMatching(/^535 5\.7\.8 UNAUTHORIZED/),
    });
    const smsOnly = await createApiKey({ accountId: c.accountId, name: "sms", mode: "live", scopes: ["sms:send"] });
    expect(await refusal(client(smsOnly.key).sendMail(message))).toMatchObject({
      code: 535,
      text: expect.stringMatching(/^535 5\.7\.8 FORBIDDEN: This key lacks the email:send permission/),
    });
    expect(
      await refusal(client(c.liveKey).sendMail({ ...message, from: "someone@not-verified.example" })),
    ).toMatchObject({ code: 550, text: expect.stringMatching(/^550 5\.7\.1 UNVERIFIED_SENDER_DOMAIN/) });
    await db().suppression.create({
      data: { accountId: c.accountId, address: "gone@example.com", reason: "hard_bounce" },
    });
    expect(await refusal(client(c.liveKey).sendMail({ ...message, to: "gone@example.com" }))).toMatchObject({
      code: 550,
      text: expect.stringMatching(/550 5\.1\.1 gone@example\.com is on this account's suppression list/),
    });
    const big = { ...message, attachments: [{ filename: "big.bin", content: Buffer.alloc(400_000, 1) }] };
    expect(await refusal(client(c.liveKey).sendMail(big))).toMatchObject({ code: 552 });
    await flushRequestLog();
    const { rows: logged } = await sql().query(
      `SELECT l.status, l.error_code, b.response FROM request_logs l
       JOIN request_log_bodies b ON b.request_id = l.request_id AND b.created_at = l.created_at
       WHERE l.account_id = $1 AND l.method = 'SMTP'`,
      [c.accountId],
    );
    // The refusals at DATA each have their line, with the reply; the oversized one too.
    expect(logged.map((r) => r.response.smtp_reply)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^550 5\.7\.1 UNVERIFIED_SENDER_DOMAIN/),
        expect.stringMatching(/^552 5\.3\.4 PAYLOAD_TOO_LARGE/),
      ]),
    );
    expect(await refusal(client(c.liveKey).sendMail({ ...message, to: "someone@localhost" }))).toMatchObject({
      code: 553,
      text: expect.stringMatching(/^553 5\.1\.3 INVALID_EMAIL/),
    });
    expect(await db().emailMessage.count({ where: { accountId: c.accountId } })).toBe(before);
    expect(mailsTo("kofi@example.com")).toHaveLength(0);

    // The 51st recipient and after: 452 4.5.3 each; the first fifty get the message.
    const many = Array.from({ length: 52 }, (_, i) => `r${i}@example.com`);
    const info = await client(c.liveKey).sendMail({ ...message, to: many });
    expect(info.accepted).toHaveLength(50);
    expect(info.rejected).toEqual(["r50@example.com", "r51@example.com"]);
    expect((info as unknown as { rejectedErrors: { response: string }[] }).rejectedErrors[0]!.response).toMatch(
      /^452 4\.5\.3 TOO_MANY_RECIPIENTS/,
    );
  });

  it("sends a test key's message to the sandbox: answered, recorded, nothing at the relay", async () => {
    const c = await emailSender("sandbox", 1);
    const info = await client(c.testKey).sendMail({
      from: `hello@${c.domain.name}`,
      to: "tester@example.com",
      subject: "Test",
      text: "Sandbox",
    });
    expect(info.response).toMatch(/^250 2\.0\.0 Queued as eml_/);
    expect(mailsTo("tester@example.com")).toHaveLength(0);
    expect(await db().emailMessage.findFirst({ where: { accountId: c.accountId } })).toMatchObject({
      mode: "test",
      via: "smtp",
    });
    const account = await db().account.findUniqueOrThrow({ where: { id: c.accountId } });
    expect(await db().ledgerEntry.count({ where: { accountId: c.accountId, amountMicros: { lt: 0 } } })).toBe(0);
    expect(account.balanceMicros).toBeGreaterThan(0n);
  });

  it("refuses AUTH before TLS off the machine, and throttles an address that keeps failing it", async () => {
    const c = await apiCustomer();
    const message = { from: "a@example.com", to: "b@example.com", subject: "x", text: "x" };
    expect(await refusal(client(c.testKey, { port: strict.port, ignoreTLS: true }).sendMail(message))).toMatchObject({
      code: 538,
      text: expect.stringMatching(/^538 5\.7\.11 Encryption required/),
    });
    // With STARTTLS, the same key gets past AUTH (and is refused later only for its unverified From).
    expect(await refusal(client(c.testKey, { port: strict.port }).sendMail(message))).toMatchObject({ code: 550 });

    for (let i = 0; i < 10; i++)
      expect((await refusal(client(`kasa_test_wrong${i}`).sendMail(message))).code).toBe(535);
    expect(await refusal(client(c.testKey).sendMail(message))).toMatchObject({
      code: 454,
      text: expect.stringMatching(/^454 4\.7\.0 Too many failed logins/),
    });
  });
});
