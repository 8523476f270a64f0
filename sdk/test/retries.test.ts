// Which failures the SDK sends again, and when: against a tiny HTTP server on
// 127.0.0.1 that answers from a script and counts what it got.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import { Kasa, KasaConnectionError, KasaError } from "../src/index";
import { backoffMs, MAX_DELAY_MS, parseRetryAfter, retryDelayMs } from "../src/retry";

type Reply = { status: number; body: unknown; headers?: Record<string, string> } | { drop: true } | { hang: true };

let server: Server;
let base = "";
let script: Reply[] = [];
let received: { method: string; path: string; body: any; at: number }[] = [];

const ok = (data: unknown): Reply => ({ status: 200, body: { success: true, data } });
const failing = (status: number, code: string, context: object = {}, headers?: Record<string, string>): Reply => ({
  status,
  headers,
  body: { success: false, error: { code, message: code, docs_url: "http://kasa.test/docs/errors", ...context } },
});

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk) => (text += chunk));
    req.on("end", () => {
      received.push({ method: req.method!, path: req.url!, body: text ? JSON.parse(text) : null, at: Date.now() });
      const reply = script.shift() ?? ok({});
      if ("drop" in reply) return void req.socket.destroy();
      if ("hang" in reply) return;
      res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
      res.end(typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  script = [];
  received = [];
});

const kasa = (maxRetries = 2, timeoutMs = 5_000) =>
  new Kasa({ apiKey: "kasa_test_x", baseUrl: base, maxRetries, timeoutMs });
const sms = { to: "+233241234567", message: "Hi" };

describe("retries", () => {
  it("sends a 503 send again after Retry-After, with the same idempotency key", async () => {
    script = [failing(503, "SMS_SEND_FAILED", {}, { "retry-after": "0" }), ok({ transaction_id: "sms_a_b" })];
    expect(await kasa().sms.send(sms)).toEqual({ transaction_id: "sms_a_b" });
    expect(received).toHaveLength(2);
    expect(received[1]!.body.idempotency_key).toBe(received[0]!.body.idempotency_key);
    expect(received[0]!.body.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("waits out a 429's Retry-After, even on a batch (a limited request was never run)", async () => {
    script = [failing(429, "RATE_LIMIT_EXCEEDED", { retryAfter: 1 }, { "retry-after": "1" }), ok({ batch_id: "b" })];
    const batch = await kasa().email.batch({ emails: [{ to: "a@example.org", subject: "s", text: "t" }] });
    expect(batch).toEqual({ batch_id: "b" });
    expect(received).toHaveLength(2);
    expect(received[1]!.at - received[0]!.at).toBeGreaterThanOrEqual(950);
    expect(received[0]!.body).not.toHaveProperty("idempotency_key"); // SPEC 8.2: batch takes none
  });

  it("never sends a 400 again, nor a server failure of a request that has no idempotency key", async () => {
    script = [failing(400, "INVALID_PHONE_NUMBER", { field: "to" })];
    await expect(kasa().sms.send(sms)).rejects.toMatchObject({ code: "INVALID_PHONE_NUMBER", status: 400 });
    expect(received).toHaveLength(1);

    received = [];
    script = [failing(503, "EMAIL_SEND_FAILED", {}, { "retry-after": "0" })];
    const batch = kasa().email.batch({ emails: [{ to: "a@example.org", subject: "s", text: "t" }] });
    await expect(batch).rejects.toMatchObject({ code: "EMAIL_SEND_FAILED", status: 503 });
    expect(received).toHaveLength(1);

    received = [];
    // A provider this deployment does not have (SPEC 7.4: not retryable).
    script = [failing(503, "SERVICE_UNAVAILABLE", { service: "sms" }, { "retry-after": "0" })];
    await expect(kasa().sms.send(sms)).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE" });
    expect(received).toHaveLength(1);

    received = [];
    // A daily limit: the error says when; the SDK does not sit on it for hours.
    script = [failing(429, "RATE_LIMIT_EXCEEDED", { retryAfter: 7200 }, { "retry-after": "7200" })];
    await expect(kasa().sms.send(sms)).rejects.toMatchObject({
      code: "RATE_LIMIT_EXCEEDED",
      context: { retryAfter: 7200 },
    });
    expect(received).toHaveLength(1);
  });

  it("asks again while the same key is in progress, and stops after maxRetries", async () => {
    script = [failing(409, "REQUEST_IN_PROGRESS"), ok({ transaction_id: "sms_x_y" })];
    // The wait before it (SPEC 7.4: start at 1 second) is backoffMs's, checked below without a clock.
    expect(await kasa().sms.send(sms)).toEqual({ transaction_id: "sms_x_y" });
    expect(received).toHaveLength(2);

    received = [];
    script = [0, 1, 2].map(() => failing(503, "SERVICE_UNAVAILABLE", { reason: "saturated" }, { "retry-after": "0" }));
    const failure = await kasa(2)
      .balance()
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(KasaError);
    expect(received).toHaveLength(3);
  });

  it("sends a read again after the connection drops, never a webhook registration; times an attempt out", async () => {
    script = [{ drop: true }, ok({ balance: 3 })];
    expect(await kasa().balance()).toEqual({ balance: 3 });
    expect(received).toHaveLength(2);

    received = [];
    script = [{ drop: true }];
    const register = kasa().webhooks.register({ url: "https://example.org/h", events: ["*"] });
    await expect(register).rejects.toBeInstanceOf(KasaConnectionError);
    expect(received).toHaveLength(1);

    received = [];
    script = [{ hang: true }];
    const slow = await kasa(0, 200)
      .sms.send(sms)
      .catch((e: unknown) => e);
    expect(slow).toBeInstanceOf(KasaConnectionError);
    expect(slow).toMatchObject({ timedOut: true });
  });

  it("stops at once when the caller aborts", async () => {
    script = [{ hang: true }];
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const aborted = await kasa()
      .balance(undefined, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect((aborted as Error).name).toBe("AbortError");
    expect(received).toHaveLength(1);
  });
});

describe("errors", () => {
  it("flatten context given under details (SPEC 7.1: clients tolerate both), and keep a proxy's status", async () => {
    script = [
      failing(400, "UNVERIFIED_SENDER_DOMAIN", {
        details: { provided_from: "a@elsewhere.example", provided_domain: "elsewhere.example" },
      }),
      { status: 502, body: "<html>Bad gateway</html>", headers: { "content-type": "text/html" } },
    ];
    const nested = await kasa()
      .email.batch({ emails: [{ to: "a@example.org", subject: "s", text: "t" }] })
      .catch((e) => e);
    expect(nested).toMatchObject({
      code: "UNVERIFIED_SENDER_DOMAIN",
      context: { provided_from: "a@elsewhere.example", provided_domain: "elsewhere.example" },
    });
    expect(nested.context).not.toHaveProperty("details");
    const proxy = await kasa(0)
      .balance()
      .catch((e) => e);
    expect(proxy).toMatchObject({ name: "KasaError", code: "UNEXPECTED_RESPONSE", status: 502, docsUrl: null });
  });
});

describe("the retry policy", () => {
  it("backs off from 1 s, doubling, with up to a quarter of jitter, capped", () => {
    expect([0, 1, 2].map((n) => backoffMs(n, () => 0))).toEqual([1_000, 2_000, 4_000]);
    expect(backoffMs(0, () => 1)).toBe(1_250);
    expect(backoffMs(20, () => 1)).toBe(MAX_DELAY_MS);
  });

  it("reads Retry-After in seconds or as a date", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter("3", now)).toBe(3_000);
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:00:10 GMT", now)).toBe(10_000);
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it("retries an unexpected answer of a proxy only when the request may be repeated", () => {
    const proxy = new KasaError({
      code: "UNEXPECTED_RESPONSE",
      message: "",
      status: 504,
      docsUrl: null,
      requestId: null,
    });
    const failure = { kind: "answer" as const, error: proxy, retryAfter: null };
    expect(retryDelayMs(failure, 0, true)).toBeGreaterThanOrEqual(1_000);
    expect(retryDelayMs(failure, 0, false)).toBeNull();
  });
});
