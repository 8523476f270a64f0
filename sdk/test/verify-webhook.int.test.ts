// verifyWebhook on what Kasa really sends: a delivery made by the webhook
// worker, received by a real HTTPS endpoint, with both signature schemes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { apiCustomer } from "../../test/api";
import { serveApi, type ServedApi } from "../../test/serve-api";
import { useWebhookReceiver } from "../../test/use-webhook-receiver";
import type { Received } from "../../test/https-receiver";
import { deliverWebhooks } from "../../test/deliver-webhooks";
import { signatureHeaders } from "../../server/modules/webhooks/sign-webhook";
import { Kasa, KasaWebhookError, verifyWebhook } from "../src/index";

const { receiver } = useWebhookReceiver();
let server: ServedApi;
beforeAll(async () => {
  server = await serveApi();
});
afterAll(() => server.close());

/** A customer subscribed through the SDK, and one real delivery of an SMS it sent. */
async function delivered() {
  const c = await apiCustomer();
  const kasa = new Kasa({ apiKey: c.testKey, baseUrl: server.base, maxRetries: 0 });
  const hook = await kasa.webhooks.register({ url: receiver.url, events: ["sms.sent"] });
  const next = async () => {
    const sms = await kasa.sms.send({ to: "+233200000001", message: "Signed" });
    const before = receiver.received.length;
    await deliverWebhooks({ ca: receiver.cert });
    const hit = receiver.received.slice(before).find((r) => JSON.parse(r.body).transaction_id === sms.transaction_id);
    expect(hit).toBeDefined();
    return { hit: hit!, sms };
  };
  return { kasa, secret: hook.secret, next };
}

const only = (headers: Received["headers"], names: string[]) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => names.includes(name)));
const STANDARD = ["webhook-id", "webhook-timestamp", "webhook-signature"];

const reason = (promise: Promise<unknown>) =>
  promise.then(
    () => "verified",
    (e: unknown) => (e instanceof KasaWebhookError ? e.reason : String(e)),
  );

describe("verifyWebhook", () => {
  it("verifies a real delivery by either scheme and returns its event", async () => {
    const { secret, next } = await delivered();
    const { hit, sms } = await next();
    const event = await verifyWebhook(hit.body, hit.headers, secret);
    expect(event).toMatchObject({ event: "sms.sent", transaction_id: sms.transaction_id });
    // Each scheme alone: Standard Webhooks' trio, or SPEC 6.4's X-Service-Signature.
    expect(await verifyWebhook(hit.body, only(hit.headers, STANDARD), secret)).toEqual(event);
    expect(await verifyWebhook(hit.body, only(hit.headers, ["x-service-signature"]), secret)).toEqual(event);
    // The raw bytes and a Fetch Headers (a Next.js route handler or an edge function) do as well.
    const fetchHeaders = new Headers(hit.headers as Record<string, string>);
    expect(await verifyWebhook(new TextEncoder().encode(hit.body), fetchHeaders, secret)).toEqual(event);
    // The reference Standard Webhooks library agrees.
    expect(new Webhook(secret).verify(hit.body, hit.headers as Record<string, string>)).toEqual(event);
  });

  it("refuses a tampered body, another secret and a missing signature, under both schemes", async () => {
    const { secret, next } = await delivered();
    const { hit } = await next();
    const tampered = hit.body.replace('"sms.sent"', '"sms.sEnt"');
    expect(await reason(verifyWebhook(tampered, hit.headers, secret))).toBe("invalid_signature");
    const serviceOnly = only(hit.headers, ["x-service-signature"]);
    expect(await reason(verifyWebhook(tampered, serviceOnly, secret))).toBe("invalid_signature");
    expect(await reason(verifyWebhook(hit.body, hit.headers, "whsec_" + btoa("another secret, 24 bytes")))).toBe(
      "invalid_signature",
    );
    expect(await reason(verifyWebhook(hit.body, {}, secret))).toBe("missing_signature");
    expect(await reason(verifyWebhook(hit.body, serviceOnly, secret, { scheme: "standard-webhooks" }))).toBe(
      "missing_signature",
    );
  });

  it("accepts the old and the new secret while a rotation is under way", async () => {
    const { kasa, secret: old, next } = await delivered();
    const { secret: rotated } = await kasa.webhooks.rotateSecret();
    const { hit } = await next();
    expect(String(hit.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    await expect(verifyWebhook(hit.body, hit.headers, rotated)).resolves.toMatchObject({ event: "sms.sent" });
    await expect(verifyWebhook(hit.body, only(hit.headers, STANDARD), old)).resolves.toMatchObject({
      event: "sms.sent",
    });
    // X-Service-Signature has room for one signature: the new secret's.
    const serviceOnly = only(hit.headers, ["x-service-signature"]);
    expect(await reason(verifyWebhook(hit.body, serviceOnly, old))).toBe("invalid_signature");
    await expect(verifyWebhook(hit.body, serviceOnly, [old, rotated])).resolves.toMatchObject({ event: "sms.sent" });
  });

  it("refuses a Standard Webhooks timestamp more than five minutes from now", async () => {
    const secret = "whsec_" + btoa("a test secret of 24 bytes");
    const body = JSON.stringify({ event: "sms.sent", transaction_id: "sms_a_b", timestamp: "", data: {} });
    const signedAt = (secondsAgo: number) =>
      signatureHeaders({ id: "d1", body, secret, timestamp: Math.floor(Date.now() / 1000) - secondsAgo });
    await expect(verifyWebhook(body, signedAt(290), secret)).resolves.toMatchObject({ event: "sms.sent" });
    expect(await reason(verifyWebhook(body, signedAt(310), secret))).toBe("timestamp_too_old");
    expect(await reason(verifyWebhook(body, signedAt(-310), secret))).toBe("timestamp_in_future");
    expect(await reason(verifyWebhook(body, signedAt(600), secret, { toleranceSeconds: 900 }))).toBe("verified");
  });
});
