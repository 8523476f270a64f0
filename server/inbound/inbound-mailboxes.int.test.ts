import { afterAll, beforeAll, describe, expect, it } from "vitest";
import nodemailer from "nodemailer";
import { api, apiCustomer } from "../../test/api";
import { db } from "../db/client";
import { addDomain } from "../modules/domains/add-domain";
import { startInboundSmtpServer } from "./inbound-smtp-server";

let inbound: Awaited<ReturnType<typeof startInboundSmtpServer>>;
beforeAll(async () => {
  inbound = await startInboundSmtpServer({ port: 0, host: "127.0.0.1" });
});
afterAll(() => inbound.close());

function deliver(to: string, subject: string) {
  const mta = nodemailer.createTransport({ host: "127.0.0.1", port: inbound.port, secure: false, ignoreTLS: true });
  return mta
    .sendMail({ from: "Kwame <kwame@elsewhere.example>", to, subject, text: "Is my order on its way?" })
    .finally(() => mta.close());
}

describe("mailboxes", () => {
  it("only on the account's verified domains, each address once", async () => {
    const c = await apiCustomer();
    const other = await apiCustomer();
    const stamp = c.accountId.slice(5, 12).toLowerCase();
    await addDomain({ accountId: c.accountId, name: `pending-${stamp}.example.com` });
    await addDomain({ accountId: c.accountId, name: `ok-${stamp}.example.com`, verifiedBy: "test" });
    const create = (key: string, address: string) =>
      api("POST", "/api/v1/domains/mailboxes", { key, body: { address } });

    expect((await create(c.testKey, `support@pending-${stamp}.example.com`)).body.error).toMatchObject({
      code: "CONFLICT",
      reason: "domain_unverified",
    });
    expect((await create(other.testKey, `support@ok-${stamp}.example.com`)).body.error).toMatchObject({
      code: "CONFLICT",
      reason: "taken",
    });
    expect((await create(c.testKey, "support@nowhere.example")).status).toBe(404);
    const made = await create(c.testKey, `Support@ok-${stamp}.example.com`);
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ address: `support@ok-${stamp}.example.com` });
    expect((await create(c.testKey, `support@ok-${stamp}.example.com`)).body.error).toMatchObject({
      code: "CONFLICT",
      reason: "taken_by_you",
    });
    expect((await api("GET", "/api/v1/domains/mailboxes", { key: c.testKey })).body.data.mailboxes).toEqual([
      expect.objectContaining({ address: `support@ok-${stamp}.example.com`, received: 0 }),
    ]);
  });

  it("receive mail through the inbound SMTP server, raising email.received; unknown addresses are refused", async () => {
    const c = await apiCustomer();
    const domain = await addDomain({
      accountId: c.accountId,
      name: `in-${c.accountId.slice(5, 12).toLowerCase()}.example.com`,
      verifiedBy: "test",
    });
    await api("POST", "/api/v1/domains/mailboxes", { key: c.testKey, body: { address: `orders@${domain.name}` } });
    await deliver(`orders@${domain.name}`, "Where is my order?");
    const stored = await db().inboundEmail.findFirstOrThrow({ where: { accountId: c.accountId } });
    expect(stored).toMatchObject({
      fromAddress: "kwame@elsewhere.example",
      subject: "Where is my order?",
      textBody: expect.stringContaining("on its way"),
    });
    const event = await db().event.findFirstOrThrow({ where: { transactionId: stored.transactionId } });
    expect(event).toMatchObject({
      event: "email.received",
      data: expect.objectContaining({
        email_id: stored.id,
        mailbox: `orders@${domain.name}`,
        from: "kwame@elsewhere.example",
      }),
    });
    await expect(deliver(`nobody@${domain.name}`, "Hello?")).rejects.toThrow(/550/);
  });
});
