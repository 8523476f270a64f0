// The SDK against a real Kasa: the API's lean front over HTTP on 127.0.0.1,
// with real keys, the embedded test database, and a local SMSC for live sends.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCustomer, emailSender, footprint } from "../../test/api";
import { serveApi, type ServedApi } from "../../test/serve-api";
import { useLocalSmsc } from "../../test/use-local-smsc";
import { Kasa, KasaError } from "../src/index";
import { configure } from "../../server/config/config";

useLocalSmsc();
let server: ServedApi;
beforeAll(async () => {
  server = await serveApi();
});
afterAll(() => server.close());

/** A client whose fetch is counted and whose request bodies are kept, to see what went over the wire. */
function client(apiKey: string, maxRetries = 0) {
  const sent: { method: string; path: string; body: any }[] = [];
  const kasa = new Kasa({
    apiKey,
    baseUrl: server.base,
    maxRetries,
    fetch: async (input, init) => {
      const url = new URL(String(input));
      sent.push({
        method: init?.method ?? "GET",
        path: url.pathname,
        body: init?.body && JSON.parse(String(init.body)),
      });
      return fetch(input, init);
    },
  });
  return { kasa, sent };
}

describe("the SDK against a real Kasa server", () => {
  it("sends an SMS with a test key and reads its status", async () => {
    const c = await apiCustomer();
    const { kasa } = client(c.testKey);
    const sms = await kasa.sms.send({ to: "+233200000001", message: "Hello from the SDK" });
    expect(sms).toMatchObject({ status: "sent", to: "+233200000001", segments: 1 });
    expect(sms.transaction_id).toMatch(/^sms_/);
    const status = await kasa.sms.status({ transaction_id: sms.transaction_id });
    expect(status).toMatchObject({ transaction_id: sms.transaction_id, to: "+233200000001" });
    // Test keys charge nothing.
    expect((await kasa.balance()).balance).toBe(0);
  });

  it("looks up a number by its path, and many at once, with the path's + encoded", async () => {
    const c = await apiCustomer();
    const { kasa, sent } = client(c.testKey);
    const one = await kasa.lookup.get({ phone_number: "+233241000001" });
    expect(one).toMatchObject({ ported: true, current_network: { network: "telecel" }, price: 0 });
    expect(sent.at(-1)!.path).toBe("/api/v1/lookup/%2B233241000001");
    const many = await kasa.lookup.many({ phone_numbers: ["+233201000001", "+233301234567"] });
    expect(many.lookups.map((l) => l.line_type)).toEqual(["mobile", "fixed_line"]);
  });

  it("sends live through the carrier and charges the ledger once, however often the send is replayed", async () => {
    const c = await apiCustomer({ balance: 5 });
    const { kasa } = client(c.liveKey);
    const before = (await kasa.balance()).balance;
    const first = await kasa.request("POST", "/api/v1/sms/send", {
      body: { to: "+233241234567", message: "Live from the SDK", idempotency_key: "sdk-live-1" },
    });
    expect(first.replayed).toBe(false);
    expect(first.requestId).toMatch(/.+/);
    const charged = (await kasa.balance()).balance;
    expect(before - charged).toBeCloseTo(first.data.price.amount, 6);
    expect(first.data.price.amount).toBeGreaterThan(0);
    const ledger = await footprint(c.accountId);

    const again = await kasa.request("POST", "/api/v1/sms/send", {
      body: { to: "+233241234567", message: "Live from the SDK", idempotency_key: "sdk-live-1" },
    });
    expect(again.replayed).toBe(true);
    expect(again.data.transaction_id).toBe(first.data.transaction_id);
    expect(await footprint(c.accountId)).toEqual(ledger);
    expect((await kasa.balance()).balance).toBe(charged);
  });

  it("throws SPEC's errors as KasaError with code, status, docs_url, context and request id", async () => {
    const c = await apiCustomer();
    const { kasa, sent } = client(c.testKey, 2);
    const invalid = await kasa.sms.send({ to: "12", message: "Hi" }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(KasaError);
    expect(invalid).toMatchObject({
      name: "KasaError",
      code: "INVALID_PHONE_NUMBER",
      status: 400,
      docsUrl: "http://kasa.test/docs/errors#client-error-codes",
      message: expect.stringMatching(/.+/),
      requestId: expect.stringMatching(/.+/),
    });
    expect((invalid as KasaError).context).toEqual({ field: "to" });
    expect(sent).toHaveLength(1); // a 400 is never retried

    const broke = await apiCustomer();
    const live = client(broke.liveKey).kasa;
    const poor = await live.sms.send({ to: "+233241234567", message: "No money" }).catch((e: unknown) => e);
    expect(poor).toMatchObject({
      code: "INSUFFICIENT_BALANCE",
      status: 402,
      context: { required: expect.any(Number), currency: expect.any(String) },
    });

    const unknown = await kasa.sms.status({ transaction_id: "sms_nope_nope" }).catch((e: unknown) => e);
    expect(unknown).toMatchObject({ code: "NOT_FOUND", status: 404 });
    const stranger = client("kasa_test_not_a_real_key").kasa;
    await expect(stranger.balance()).rejects.toMatchObject({ code: "UNAUTHORIZED", status: 401 });
  });

  it("gives every send its own idempotency key, keeps the caller's, and refuses a key reused for another message", async () => {
    const c = await apiCustomer();
    const { kasa, sent } = client(c.testKey);
    const a = await kasa.sms.send({ to: "+233200000001", message: "Twice" });
    const b = await kasa.sms.send({ to: "+233200000001", message: "Twice" });
    expect(a.transaction_id).not.toBe(b.transaction_id);
    const keys = sent.map((s) => s.body.idempotency_key);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(2);
    expect((await footprint(c.accountId)).idempotency).toBe(2);

    const mine = await kasa.sms.send({ to: "+233200000001", message: "Once", idempotency_key: "order-42" });
    const replay = await kasa.sms.send({ to: "+233200000001", message: "Once", idempotency_key: "order-42" });
    expect(replay.transaction_id).toBe(mine.transaction_id);
    expect(sent.at(-1)!.body.idempotency_key).toBe("order-42");
    await expect(
      kasa.sms.send({ to: "+233200000001", message: "Something else", idempotency_key: "order-42" }),
    ).rejects.toMatchObject({ code: "CONFLICT", status: 409 });
  });

  it("retries a purchase whose provider is unreachable with the same key, then reports it", async () => {
    const c = await apiCustomer();
    const { kasa, sent } = client(c.testKey, 1);
    const bought = await kasa.data.purchase({ phone_number: "0240000001", network: "MTN", capacity_gb: 2 });
    expect(bought).toMatchObject({ type: "data", status: "success" });
    expect(await kasa.data.status({ transaction_id: bought.transaction_id })).toMatchObject({ status: "success" });

    const calls = sent.length;
    // The sandbox's "provider unreachable" number: 502 PROVIDER_ERROR, nothing charged, retryable (SPEC 7.4).
    const down = await kasa.data
      .purchase({ phone_number: "0240000004", network: "MTN", capacity_gb: 2 })
      .catch((e: unknown) => e);
    expect(down).toMatchObject({ code: "PROVIDER_ERROR", status: 502 });
    const attempts = sent.slice(calls);
    expect(attempts).toHaveLength(2);
    expect(attempts[1]!.body.idempotency_key).toBe(attempts[0]!.body.idempotency_key);

    const airtime = await kasa.airtime.purchase({
      phone_number: "+233240000001",
      amount: 25,
      operatorId: 150,
      countryCode: "GH",
    });
    expect(airtime).toMatchObject({ type: "airtime", status: "success" });
    expect(await kasa.airtime.status({ transaction_id: airtime.transaction_id })).toMatchObject({
      transaction_id: airtime.transaction_id,
    });
  });

  it("manages the webhook endpoint and sends email alone and in a batch", async () => {
    const restore = configure({ WEBHOOK_ALLOWED_HOSTS: "localhost" });
    try {
      const c = await emailSender("sdk");
      const { kasa } = client(c.testKey);
      const email = await kasa.email.send({ to: "Ama <ama@example.org>", subject: "Hello", text: "From the SDK" });
      expect(email).toMatchObject({ status: "sent", to: [expect.stringContaining("ama@example.org")], recipients: 1 });
      expect(await kasa.email.status({ transaction_id: email.transaction_id })).toMatchObject({
        transaction_id: email.transaction_id,
      });
      const batch = await kasa.email.batch({
        emails: [
          { to: "kofi@example.org", subject: "One", text: "1" },
          { to: ["esi@example.org", "yaw@example.org"], subject: "Two", html: "<p>2</p>" },
        ],
      });
      expect(batch).toMatchObject({ total_emails: 2, total_recipients: 3 });
      expect(batch.results.map((r) => r.index)).toEqual([0, 1]);

      const hook = await kasa.webhooks.register({ url: "https://localhost:9/hooks", events: ["sms.sent"] });
      expect(hook.secret).toMatch(/^whsec_/);
      expect((await kasa.webhooks.list()).webhooks).toEqual([expect.objectContaining({ id: hook.id })]);
      const rotated = await kasa.webhooks.rotateSecret();
      expect(rotated.secret).not.toBe(hook.secret);
      expect(await kasa.webhooks.replay({ since: new Date(Date.now() - 60_000).toISOString() })).toEqual({
        replayed: 0,
      });
      await kasa.webhooks.delete({ id: hook.id });
      expect((await kasa.webhooks.list()).webhooks).toEqual([]);
    } finally {
      restore();
    }
  });
});
