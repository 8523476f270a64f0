import { describe, expect, it } from "vitest";
import { api, apiCustomer } from "../../../test/api";
import { db } from "../../db/client";
import { addDomain } from "../domains/add-domain";

async function sandboxSend(to: string) {
  const c = await apiCustomer();
  await addDomain({
    accountId: c.accountId,
    name: `sbx-${c.accountId.slice(5, 12).toLowerCase()}.example.com`,
    verifiedBy: "test",
  });
  const res = await api("POST", "/api/v1/email/send", { key: c.testKey, body: { to, subject: "Sandbox", text: "Hi" } });
  const events = res.body.data
    ? await db().event.findMany({ where: { transactionId: res.body.data.transaction_id }, orderBy: { id: "asc" } })
    : [];
  return { c, res, events: events.map((e) => e.event), data: events.map((e) => e.data as Record<string, unknown>) };
}

describe("sandbox email outcomes (test keys)", () => {
  it("any address is delivered", async () => {
    const { events } = await sandboxSend("someone@example.org");
    expect(events).toEqual(["email.sent", "email.delivered"]);
  });
  it("bounced@ bounces with a reason and is suppressed for the account", async () => {
    const { c, events, data } = await sandboxSend("bounced@sandbox.kasa.dev");
    expect(events).toEqual(["email.sent", "email.bounced"]);
    expect(data[1]).toMatchObject({ status: "failed", detail: expect.stringContaining("550 5.1.1") });
    expect(
      await db().suppression.count({ where: { accountId: c.accountId, address: "bounced@sandbox.kasa.dev" } }),
    ).toBe(1);
  });
  it("complained@ is delivered, then complains and is suppressed", async () => {
    const { c, events } = await sandboxSend("complained@sandbox.kasa.dev");
    expect(events).toEqual(["email.sent", "email.delivered", "email.complained"]);
    expect((await db().suppression.findFirstOrThrow({ where: { accountId: c.accountId } })).reason).toBe("complaint");
  });
  it("delayed@ is deferred", async () => {
    expect((await sandboxSend("delayed@sandbox.kasa.dev")).events).toEqual(["email.sent", "email.delivery_delayed"]);
  });
  it("suppressed@ is never attempted", async () => {
    const { res, events } = await sandboxSend("suppressed@sandbox.kasa.dev");
    expect(res.body.data).toMatchObject({ status: "suppressed", suppressed: ["suppressed@sandbox.kasa.dev"] });
    expect(events).toEqual(["email.suppressed"]);
  });
});
