import { afterAll, beforeAll, expect } from "vitest";
import { api, apiCustomer } from "./api";
import { HttpsReceiver } from "./https-receiver";
import { configure } from "../server/config/config";

/**
 * For this test file: a customer's HTTPS endpoint on 127.0.0.1, exempted from
 * the private-address check (WEBHOOK_ALLOWED_HOSTS=localhost), and a way to
 * make a customer whose webhook points at it.
 */
export function useWebhookReceiver() {
  const receiver = new HttpsReceiver();
  let restore = () => {};
  beforeAll(async () => {
    await receiver.start();
    restore = configure({ WEBHOOK_ALLOWED_HOSTS: "localhost" });
  });
  afterAll(async () => {
    restore();
    await receiver.stop();
  });

  async function subscribe(events: string[] = ["*"]) {
    const c = await apiCustomer();
    const hook = await api("POST", "/api/v1/webhooks", { key: c.testKey, body: { url: receiver.url, events } });
    expect(hook.status, JSON.stringify(hook.body)).toBe(200);
    return { ...c, secret: hook.body.data.secret as string, endpointId: hook.body.data.id as string };
  }

  return { receiver, subscribe };
}
