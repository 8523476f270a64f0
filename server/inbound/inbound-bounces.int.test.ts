import { afterAll, beforeAll, describe, expect, it } from "vitest";
import nodemailer from "nodemailer";
import { api, apiCustomer } from "../../test/api";
import { SmtpSink } from "../../test/smtp-sink";
import { sendDsn } from "../../test/send-dsn";
import { db } from "../db/client";
import { addDomain } from "../modules/domains/add-domain";
import { startInboundSmtpServer } from "./inbound-smtp-server";
import { configure } from "../config/config";

const relay = new SmtpSink();
let inbound: Awaited<ReturnType<typeof startInboundSmtpServer>>;
let restore = () => {};
beforeAll(async () => {
  await relay.start();
  restore = configure({ SMTP_URL: relay.url });
  inbound = await startInboundSmtpServer({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  restore();
  await inbound.close();
  await relay.stop();
});

const bounce = (returnPath: string, recipient: string, status: string, action = "failed") =>
  sendDsn(inbound.port, returnPath, recipient, status, action);

describe("bounces through the inbound SMTP server", () => {
  it("an RFC 3464 report raises email.bounced for the right email_id with the remote reason, and the address is suppressed next time", async () => {
    const c = await apiCustomer({ balance: 1 });
    const domain = await addDomain({
      accountId: c.accountId,
      name: `bounce-${c.accountId.slice(5, 12).toLowerCase()}.example.com`,
      verifiedBy: "test",
    });
    const first = await api("POST", "/api/v1/email/send", {
      key: c.liveKey,
      body: { to: "gone@example.org", subject: "Hello", text: "Hi" },
    });
    expect(first.status).toBe(200);
    const returnPath = relay.messages.at(-1)!.from;
    // On the domain's bounce host: the customer's own MX is never needed to send.
    expect(returnPath).toMatch(
      new RegExp(`^bounces\\+${first.body.data.email_id}\\.[0-9a-f]{16}@send\\.${domain.name}$`),
    );

    await bounce(returnPath, "gone@example.org", "5.1.1");
    const event = await db().event.findFirstOrThrow({
      where: { transactionId: first.body.data.transaction_id, event: "email.bounced" },
    });
    expect(event.data).toMatchObject({
      email_id: first.body.data.email_id,
      status: "failed",
      type: "email",
      detail: expect.stringContaining("550 5.1.1 <gone@example.org>: User unknown"),
    });
    expect(
      await db().suppression.findUnique({
        where: { accountId_address: { accountId: c.accountId, address: "gone@example.org" } },
      }),
    ).toMatchObject({ reason: "hard_bounce" });

    const before = relay.messages.length;
    const again = await api("POST", "/api/v1/email/send", {
      key: c.liveKey,
      body: { to: "gone@example.org", subject: "Hello again", text: "Hi" },
    });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({
      status: "suppressed",
      suppressed: ["gone@example.org"],
      price: { amount: 0 },
    });
    expect(relay.messages.length).toBe(before);
    expect(
      await db().event.findFirst({
        where: { transactionId: again.body.data.transaction_id, event: "email.suppressed" },
      }),
    ).not.toBeNull();
    expect((await db().ledgerEntry.findMany({ where: { transactionId: again.body.data.transaction_id } })).length).toBe(
      0,
    );

    const mixed = await api("POST", "/api/v1/email/send", {
      key: c.liveKey,
      body: { to: ["gone@example.org", "here@example.org"], subject: "Hi all", text: "Hi" },
    });
    expect(mixed.body.data).toMatchObject({ status: "sent", recipients: 1, price: { amount: 0.001 } });
    expect(relay.messages.at(-1)!.to).toEqual(["here@example.org"]);
  });

  it("a soft, delayed report raises email.delivery_delayed and suppresses nothing; mail for unknown addresses is refused at RCPT", async () => {
    const c = await apiCustomer({ balance: 1 });
    await addDomain({
      accountId: c.accountId,
      name: `soft-${c.accountId.slice(5, 12).toLowerCase()}.example.com`,
      verifiedBy: "test",
    });
    const sent = await api("POST", "/api/v1/email/send", {
      key: c.liveKey,
      body: { to: "slow@example.org", subject: "Hello", text: "Hi" },
    });
    await bounce(relay.messages.at(-1)!.from, "slow@example.org", "4.4.1", "delayed");
    expect(
      await db().event.findFirst({
        where: { transactionId: sent.body.data.transaction_id, event: "email.delivery_delayed" },
      }),
    ).not.toBeNull();
    expect(await db().suppression.count({ where: { accountId: c.accountId } })).toBe(0);
    await expect(bounce("bounces+eml_doesnotexist@example.com", "x@example.org", "5.1.1")).rejects.toThrow(/550/);
  });

  it("a success report raises email.delivered, and an ARF spam complaint raises email.complained and suppresses the complainer", async () => {
    const c = await apiCustomer({ balance: 1 });
    await addDomain({
      accountId: c.accountId,
      name: `arf-${c.accountId.slice(5, 12).toLowerCase()}.example.com`,
      verifiedBy: "test",
    });
    const sent = await api("POST", "/api/v1/email/send", {
      key: c.liveKey,
      body: { to: "reader@example.org", subject: "News", text: "Hi" },
    });
    const returnPath = relay.messages.at(-1)!.from;
    await bounce(returnPath, "reader@example.org", "2.0.0", "delivered");
    expect(
      await db().emailMessage.findFirstOrThrow({ where: { transactionId: sent.body.data.transaction_id } }),
    ).toMatchObject({ status: "delivered" });

    const mta = nodemailer.createTransport({ host: "127.0.0.1", port: inbound.port, secure: false, ignoreTLS: true });
    const arf = [
      "Feedback-Type: abuse",
      "User-Agent: ExampleFBL/1.0",
      "Version: 1",
      "Original-Rcpt-To: <reader@example.org>",
      "Arrival-Date: Sun, 22 Nov 2026 02:00:00 +0000",
    ].join("\r\n");
    await mta.sendMail({
      envelope: { from: "fbl@isp.example", to: returnPath },
      from: "fbl@isp.example",
      to: returnPath,
      subject: "Abuse report",
      text: "This is an email abuse report for an email message received from IP 192.0.2.1.",
      attachments: [{ content: arf, contentType: "message/feedback-report", filename: "report.txt" }],
    });
    mta.close();
    const complaint = await db().event.findFirstOrThrow({
      where: { transactionId: sent.body.data.transaction_id, event: "email.complained" },
    });
    expect(complaint.data).toMatchObject({
      email_id: sent.body.data.email_id,
      complainant: "reader@example.org",
      detail: "Feedback report: abuse",
    });
    expect(
      await db().suppression.findUnique({
        where: { accountId_address: { accountId: c.accountId, address: "reader@example.org" } },
      }),
    ).toMatchObject({ reason: "complaint" });
  });

  it("forged bounces suppress nobody: an unsigned or mis-signed address is refused at RCPT, and a report about a stranger is ignored", async () => {
    const c = await apiCustomer({ balance: 1 });
    const domain = await addDomain({
      accountId: c.accountId,
      name: `forge-${c.accountId.slice(5, 12).toLowerCase()}.example.com`,
      verifiedBy: "test",
    });
    const sent = await api("POST", "/api/v1/email/send", {
      key: c.liveKey,
      body: { to: "reader@example.org", subject: "Hello", text: "Hi" },
    });
    const emailId = sent.body.data.email_id;
    const signed = relay.messages.at(-1)!.from;

    // The email id alone (a recipient sees it in Message-ID) is not enough, nor is a guessed tag.
    await expect(bounce(`bounces+${emailId}@${domain.name}`, "reader@example.org", "5.1.1")).rejects.toThrow(/550/);
    await expect(
      bounce(`bounces+${emailId}.0123456789abcdef@${domain.name}`, "reader@example.org", "5.1.1"),
    ).rejects.toThrow(/550/);
    // The real address, reporting on someone the message was never sent to.
    await bounce(signed, "victim@example.org", "5.1.1");
    expect(await db().suppression.count({ where: { accountId: c.accountId } })).toBe(0);
    expect(
      await db().event.count({ where: { transactionId: sent.body.data.transaction_id, event: "email.bounced" } }),
    ).toBe(0);
    expect((await db().emailMessage.findUniqueOrThrow({ where: { id: emailId } })).status).toBe("sent");
  });
});
