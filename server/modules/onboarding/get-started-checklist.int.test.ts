// The Overview's "Get started" checklist (docs/decisions.md, "First run and the Overview"): each step ticks from what the account did through the API,
// the checkout and the webhook worker, never from a refused request or another account's doing; hiding it is
// one member's choice.
import { describe, expect, it } from "vitest";
import { api, apiCustomer } from "../../../test/api";
import { useLocalSmsc } from "../../../test/use-local-smsc";
import { useWebhookReceiver } from "../../../test/use-webhook-receiver";
import { signedUpCustomer } from "../../../test/factories";
import { db } from "../../db/client";
import { flushRequestLog } from "../requestlog/request-log-buffer";
import { addDomain } from "../domains/add-domain";
import { sendTestEvent } from "../webhooks/send-test-event";
import { updateWebhook } from "../webhooks/update-webhook";
import { deliverWebhooks } from "../../../test/deliver-webhooks";
import { startPayment } from "../payments/start-payment";
import { completeSandboxPayment } from "../payments/complete-sandbox-payment";
import { getStartedChecklist, type GetStartedStep } from "./get-started-checklist";
import { hideGetStarted } from "./hide-get-started";
import { setConfig } from "../../../test/config";

useLocalSmsc();
const { receiver, subscribe } = useWebhookReceiver();
setConfig({ KASA_SANDBOX_PAYMENTS: "on" });

async function ticked(accountId: string): Promise<GetStartedStep[]> {
  await flushRequestLog();
  const owner = await db().membership.findFirstOrThrow({ where: { accountId, role: "owner" } });
  const list = await getStartedChecklist({ accountId, userId: owner.userId });
  return list.steps.filter((s) => s.done).map((s) => s.id);
}

describe("the get-started checklist", () => {
  it("ticks nothing for a new account, whatever other accounts did", async () => {
    const fresh = await apiCustomer();
    const busy = await subscribe();
    await api("POST", "/api/v1/sms/send", { key: busy.testKey, body: { to: "+233241234567", message: "Hi" } });
    expect(await ticked(fresh.accountId)).toEqual([]);
  });

  it("ticks each step from what the account did, and not from a refused request", async () => {
    const c = await subscribe();
    // Registering the endpoint used the test key.
    expect(await ticked(c.accountId)).toEqual(["api_key"]);

    const refused = await api("POST", "/api/v1/sms/send", { key: c.testKey, body: { to: "12", message: "Hi" } });
    expect(refused.status).toBe(400);
    expect(await ticked(c.accountId)).toEqual(["api_key"]);
    const sms = await api("POST", "/api/v1/sms/send", {
      key: c.testKey,
      body: { to: "+233241234567", message: "Hello from Kasa" },
    });
    expect(sms.status).toBe(200);
    expect(await ticked(c.accountId)).toEqual(["api_key", "test_sms"]);

    const domain = `start-${c.accountId.slice(5, 13).toLowerCase()}.example.com`;
    await addDomain({ accountId: c.accountId, name: domain, verifiedBy: "test" });
    const email = await api("POST", "/api/v1/email/send", {
      key: c.testKey,
      body: { from: `hello@${domain}`, to: "someone@example.org", subject: "Hi", text: "Hello" },
    });
    expect(email.status, JSON.stringify(email.body)).toBe(200);
    expect(await ticked(c.accountId)).toEqual(["api_key", "test_sms", "test_email", "domain"]);

    await sendTestEvent({ accountId: c.accountId });
    await deliverWebhooks({ ca: receiver.cert });
    expect(await ticked(c.accountId)).toContain("webhook");

    const payment = await startPayment({ accountId: c.accountId, amount: 5, email: "owner@example.com", actor: "t" });
    await completeSandboxPayment({ accountId: c.accountId, paymentId: payment.id, paid: true });
    expect(await ticked(c.accountId)).toContain("top_up");

    const live = await api("POST", "/api/v1/sms/send", {
      key: c.liveKey,
      body: { to: "+233241234567", message: "Live now" },
    });
    expect(live.status, JSON.stringify(live.body)).toBe(200);
    await flushRequestLog();
    const owner = await db().membership.findFirstOrThrow({ where: { accountId: c.accountId, role: "owner" } });
    const list = await getStartedChecklist({ accountId: c.accountId, userId: owner.userId });
    expect(list).toMatchObject({ done: true, hidden: false, hasWebhookEndpoint: true });
  });

  it("unticks the webhook step when the endpoint moves to a URL that has taken no delivery", async () => {
    const c = await subscribe();
    await sendTestEvent({ accountId: c.accountId });
    await deliverWebhooks({ ca: receiver.cert });
    expect(await ticked(c.accountId)).toContain("webhook");
    await updateWebhook(c.accountId, { url: receiver.url, events: ["*"] });
    expect(await ticked(c.accountId)).toContain("webhook");
    await updateWebhook(c.accountId, { url: `${receiver.url}/moved`, events: ["*"] });
    expect(await ticked(c.accountId)).not.toContain("webhook");
  });

  it("a key made after sign-up ticks the key step before it is used", async () => {
    const c = await apiCustomer();
    // Made an hour ago with its two keys.
    const anHourAgo = new Date(Date.now() - 3_600_000);
    await db().account.update({ where: { id: c.accountId }, data: { createdAt: anHourAgo } });
    await db().apiKey.updateMany({ where: { accountId: c.accountId }, data: { createdAt: anHourAgo } });
    expect(await ticked(c.accountId)).toEqual([]);
    const { createApiKey } = await import("../keys/create-api-key");
    await createApiKey({ accountId: c.accountId, mode: "test" });
    expect(await ticked(c.accountId)).toEqual(["api_key"]);
  });

  it("is hidden for the member who hid it, and shown again when they ask", async () => {
    const owner = await signedUpCustomer("owner");
    const teammate = await signedUpCustomer("mate");
    await db().membership.create({ data: { accountId: owner.accountId, userId: teammate.userId, role: "developer" } });
    await hideGetStarted({ accountId: owner.accountId, userId: owner.userId, hidden: true });
    const of = (userId: string) => getStartedChecklist({ accountId: owner.accountId, userId });
    expect((await of(owner.userId)).hidden).toBe(true);
    expect((await of(teammate.userId)).hidden).toBe(false);
    await hideGetStarted({ accountId: owner.accountId, userId: owner.userId, hidden: false });
    expect((await of(owner.userId)).hidden).toBe(false);
  });
});
