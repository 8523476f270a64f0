// Every error code the API core can answer: status, code, docs_url and
// context, and that nothing was written, counted or charged beyond the
// request-log line.
import { describe, expect, it } from "vitest";
import { pinClockForThisTest } from "../../test/clock";
import { api, apiCustomer, footprint, requestLogFor, withTwilio } from "../../test/api";
import { db } from "../db/client";
import { forgetCachedKeys, resolveApiKey } from "../modules/keys/resolve-api-key";
import { claimIdempotencyKey } from "../modules/idempotency/idempotency-key";
import { defineEndpoint } from "./endpoint";
import { z } from "zod";
import { captureLogs } from "../lib/logger";
import { fromWebRequest } from "./api-request";

const CLIENT_DOCS = "http://kasa.test/docs/errors#client-error-codes";
const SEND = "/api/v1/sms/send";
const ok = { to: "+233241234567", message: "hello" };

async function expectUnchanged<T>(accountId: string, act: () => Promise<T>): Promise<T> {
  const before = await footprint(accountId);
  const result = await act();
  expect(await footprint(accountId)).toEqual(before);
  return result;
}

describe("authentication (SPEC 5)", () => {
  it("401 UNAUTHORIZED for a missing, malformed, unknown or revoked key", async () => {
    const c = await apiCustomer({ balance: 5 });
    const revoked = await db().apiKey.update({ where: { id: c.liveKeyId }, data: { revokedAt: new Date() } });
    forgetCachedKeys();
    for (const headers of [
      {} as Record<string, string>,
      { authorization: "Basic abc" },
      { authorization: "Bearer" },
      { authorization: `Bearer kasa_live_${"x".repeat(32)}` },
      { authorization: `Bearer ${c.liveKey}` },
    ]) {
      const res = await expectUnchanged(c.accountId, () => api("POST", SEND, { headers, body: ok }));
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.body).toEqual({
        success: false,
        error: { code: "UNAUTHORIZED", message: expect.any(String), docs_url: CLIENT_DOCS },
      });
    }
    expect(revoked.revokedAt).not.toBeNull();
  });

  it("accepts the legacy X-API-Key header", async () => {
    const c = await apiCustomer();
    const res = await api("GET", "/api/v1/balance", { headers: { "x-api-key": c.testKey } });
    expect(res.status).toBe(200);
  });

  it("checks the key before reading the body", async () => {
    const res = await api("POST", SEND, { headers: { authorization: "Bearer nope" }, rawBody: "{not json" });
    expect(res.body.error.code).toBe("UNAUTHORIZED");
  });

  it("403 ACCOUNT_SUSPENDED for a valid key of a suspended account", async () => {
    const c = await apiCustomer({ balance: 5 });
    await db().account.update({ where: { id: c.accountId }, data: { status: "suspended" } });
    forgetCachedKeys();
    const res = await expectUnchanged(c.accountId, () => api("POST", SEND, { key: c.liveKey, body: ok }));
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: "ACCOUNT_SUSPENDED", message: expect.any(String), docs_url: CLIENT_DOCS });
  });

  it("403 FORBIDDEN naming the required permission and the key's permissions", async () => {
    const c = await apiCustomer({ balance: 5 });
    await db().apiKey.update({ where: { id: c.liveKeyId }, data: { scopes: ["account:read", "email:send"] } });
    forgetCachedKeys();
    const res = await expectUnchanged(c.accountId, () => api("POST", SEND, { key: c.liveKey, body: ok }));
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({
      code: "FORBIDDEN",
      message: "This key lacks the sms:send permission",
      docs_url: CLIENT_DOCS,
      required_permission: "sms:send",
      key_permissions: ["account:read", "email:send"],
    });
  });

  it("a revoked key stops working within 5 seconds even where it was cached", async () => {
    const c = await apiCustomer();
    const now = Date.now();
    expect(await resolveApiKey(c.testKey, now)).not.toBeNull();
    await db().apiKey.update({ where: { id: c.testKeyId }, data: { revokedAt: new Date() } });
    expect(await resolveApiKey(c.testKey, now + 1_000)).not.toBeNull(); // cached: no query on the hot path
    expect(await resolveApiKey(c.testKey, now + 5_001)).toBeNull();
  });
});

describe("body and input (SPEC 7.3)", () => {
  it("INVALID_JSON, INVALID_REQUEST (non-object, wrong types) and MISSING_FIELD", async () => {
    const c = await apiCustomer({ balance: 5 });
    const cases: [unknown, number, string, object?][] = [
      ["{not json", 400, "INVALID_JSON"],
      [
        "[1,2]",
        400,
        "INVALID_REQUEST",
        { errors: [{ type: "object_type", loc: ["body"], msg: "Expected a JSON object" }] },
      ],
      [
        JSON.stringify({ to: 233, message: "x" }),
        400,
        "INVALID_REQUEST",
        { errors: [{ type: "invalid_type", loc: ["body", "to"], msg: "to must be a string" }] },
      ],
      [JSON.stringify({ message: "x" }), 400, "MISSING_FIELD", { field: "to" }],
      [JSON.stringify({ to: "+233241234567" }), 400, "MISSING_FIELD", { field: "message" }],
      [JSON.stringify({ to: "+233241234567", message: "" }), 400, "MISSING_FIELD", { field: "message" }],
      [JSON.stringify({ ...ok, region: "mars" }), 400, "INVALID_CONTINENT"],
    ];
    for (const [raw, status, code, context] of cases) {
      const res = await expectUnchanged(c.accountId, () =>
        api("POST", SEND, { key: c.liveKey, rawBody: raw as string, headers: { "content-type": "application/json" } }),
      );
      expect(res.status, String(raw)).toBe(status);
      expect(res.body.error, String(raw)).toMatchObject({ code, docs_url: CLIENT_DOCS, ...context });
      if (code === "MISSING_FIELD")
        expect(res.body.error.message).toBe(`Missing required field: ${(context as { field: string }).field}`);
    }
  });

  it("413 in the envelope above 1 MiB, with or without Content-Length", async () => {
    const c = await apiCustomer({ balance: 5 });
    const big = JSON.stringify({ ...ok, message: "x".repeat(1024 * 1024) });
    const declared = await expectUnchanged(c.accountId, () =>
      api("POST", SEND, { key: c.liveKey, rawBody: big, headers: { "content-type": "application/json" } }),
    );
    expect(declared.status).toBe(413);
    expect(declared.body.error).toMatchObject({ code: "PAYLOAD_TOO_LARGE", limit_bytes: 1048576 });
    const chunks = [new TextEncoder().encode(big.slice(0, 600_000)), new TextEncoder().encode(big.slice(600_000))];
    const stream = new ReadableStream({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    const chunked = await expectUnchanged(c.accountId, () => api("POST", SEND, { key: c.liveKey, rawBody: stream }));
    expect(chunked.status).toBe(413);
    expect(chunked.body.error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("INVALID_PHONE_NUMBER, MESSAGE_TOO_LONG, INVALID_CONTINENT and an unregistered sender", async () => {
    const c = await apiCustomer({ balance: 5 });
    const cases: [object, string, object][] = [
      [{ ...ok, to: "0241234567" }, "INVALID_PHONE_NUMBER", { field: "to" }],
      [{ ...ok, to: "+23324" }, "INVALID_PHONE_NUMBER", { field: "to" }],
      [{ ...ok, to: "+999123456789" }, "INVALID_PHONE_NUMBER", { field: "to" }],
      [{ ...ok, message: "a".repeat(1601) }, "MESSAGE_TOO_LONG", { limit: 1600, length: 1601 }],
      [
        { ...ok, continent: "atlantis" },
        "INVALID_CONTINENT",
        { allowed: ["africa", "europe", "asia", "north_america", "south_america", "oceania"] },
      ],
      [{ ...ok, from: "ACMEBANK" }, "SMS_SEND_FAILED", { reason: "sender_id_unregistered", sender: "ACMEBANK" }],
      [{ ...ok, from: "+14155550100" }, "SMS_SEND_FAILED", { reason: "phone_unverified" }],
      [
        { ...ok, from: "not a sender!" },
        "INVALID_REQUEST",
        { errors: [expect.objectContaining({ type: "invalid_sender", loc: ["body", "from"] })] },
      ],
    ];
    for (const [body, code, context] of cases) {
      const res = await expectUnchanged(c.accountId, () => api("POST", SEND, { key: c.liveKey, body }));
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      // SPEC lists SMS_SEND_FAILED among the service codes, so its docs link points there.
      expect(res.body.error).toMatchObject({
        code,
        docs_url:
          code === "SMS_SEND_FAILED" ? CLIENT_DOCS.replace("client-error-codes", "service-error-codes") : CLIENT_DOCS,
        ...context,
      });
    }
    // 1600 characters is still fine (a test key: no carrier needed).
    expect((await api("POST", SEND, { key: c.testKey, body: { ...ok, message: "a".repeat(1600) } })).status).toBe(200);
  });
});

describe("money, limits and idempotency errors", () => {
  it("402 INSUFFICIENT_BALANCE with required and currency: nothing sent, charged or counted", async () => {
    const c = await apiCustomer({ balance: 0.01 });
    const res = await expectUnchanged(c.accountId, () =>
      withTwilio(() => api("POST", SEND, { key: c.liveKey, body: ok })),
    );
    expect(res.status).toBe(402);
    expect(res.body.error).toEqual({
      code: "INSUFFICIENT_BALANCE",
      message: expect.any(String),
      docs_url: CLIENT_DOCS,
      required: 0.02,
      currency: "USD",
      balance: 0.01,
    });
    expect(res.headers.get("x-ratelimit-remaining")).toBe("5000");
  });

  it("503 SERVICE_UNAVAILABLE for a live send with no carrier configured, with error_id, charging nothing", async () => {
    const c = await apiCustomer({ balance: 5 });
    const res = await expectUnchanged(c.accountId, () => api("POST", SEND, { key: c.liveKey, body: ok }));
    expect(res.status).toBe(503);
    expect(res.body.error).toEqual({
      code: "SERVICE_UNAVAILABLE",
      message: expect.any(String),
      docs_url: "http://kasa.test/docs/errors#service-error-codes",
      service: "sms",
      error_id: expect.any(String),
    });
  });

  it("429 RATE_LIMIT_EXCEEDED with limit, remaining, reset, retryAfter and Retry-After; the refused request is not counted", async () => {
    const c = await apiCustomer({ plan: "free" });
    pinClockForThisTest();
    await db().rateCounter.create({
      data: {
        accountId: c.accountId,
        service: "sms",
        minuteStart: floorMinute(),
        minuteCount: 5,
        dayStart: floorDay(),
        dayCount: 5,
        monthStart: floorMonth(),
        monthCount: 5,
      },
    });
    const res = await expectUnchanged(c.accountId, () =>
      withTwilio(() => api("POST", SEND, { key: c.liveKey, body: ok })),
    );
    expect(res.status).toBe(429);
    const reset = Math.floor(floorMinute().getTime() / 1000) + 60;
    expect(res.body.error).toEqual({
      code: "RATE_LIMIT_EXCEEDED",
      message: "Rate limit exceeded: 5 sms requests per minute",
      docs_url: CLIENT_DOCS,
      limit: 5,
      remaining: 0,
      reset,
      retryAfter: expect.any(Number),
      window: "minute",
    });
    expect(res.body.error.retryAfter).toBeGreaterThanOrEqual(1);
    expect(res.body.error.retryAfter).toBeLessThanOrEqual(60);
    expect(res.headers.get("retry-after")).toBe(String(res.body.error.retryAfter));
    expect(res.headers.get("x-ratelimit-limit")).toBe("5");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(res.headers.get("x-ratelimit-reset")).toBe(String(reset));
  });

  it("409 REQUEST_IN_PROGRESS while the same idempotency_key is in flight, 409 CONFLICT when reused for another request", async () => {
    const c = await apiCustomer({ balance: 5 });
    await claimIdempotencyKey({ accountId: c.accountId, mode: "test", service: "sms", key: "k-1" }, "in-flight");
    const res = await expectUnchanged(c.accountId, () =>
      api("POST", SEND, { key: c.testKey, body: { ...ok, idempotency_key: "k-1" } }),
    );
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: "REQUEST_IN_PROGRESS",
      message: expect.stringContaining("k-1"),
      docs_url: CLIENT_DOCS,
    });

    expect((await api("POST", SEND, { key: c.testKey, body: { ...ok, idempotency_key: "k-2" } })).status).toBe(200);
    const reused = await expectUnchanged(c.accountId, () =>
      api("POST", SEND, { key: c.testKey, body: { ...ok, message: "different", idempotency_key: "k-2" } }),
    );
    expect(reused.status).toBe(409);
    expect(reused.body.error).toMatchObject({ code: "CONFLICT", reason: "idempotency_key_reused" });
  });
});

describe("routing errors", () => {
  it("NOT_FOUND in JSON for unknown paths, and for another account's transaction with the same body as an unknown id", async () => {
    const mine = await apiCustomer();
    const theirs = await apiCustomer();
    const sent = await api("POST", SEND, { key: theirs.testKey, body: ok });
    const unknownPath = await api("POST", "/api/v1/nothing/here", { key: mine.testKey, body: ok });
    expect(unknownPath.status).toBe(404);
    expect(unknownPath.body.error).toMatchObject({ code: "NOT_FOUND", docs_url: CLIENT_DOCS });

    const other = await api("GET", `/api/v1/sms/status?transaction_id=${sent.body.data.transaction_id}`, {
      key: mine.testKey,
    });
    const unknown = await api("GET", `/api/v1/sms/status?transaction_id=sms_nope_nope`, { key: mine.testKey });
    expect(other.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(other.body.error.message.replace(sent.body.data.transaction_id, "X")).toBe(
      unknown.body.error.message.replace("sms_nope_nope", "X"),
    );
    const missing = await api("GET", "/api/v1/sms/status", { key: mine.testKey });
    expect(missing.body.error).toMatchObject({
      code: "MISSING_FIELD",
      message: "Missing required field: transaction_id",
    });
  });

  it("says what is wrong with a field, and names the field that is", async () => {
    const c = await apiCustomer({ balance: 1 });
    const empty = await api("POST", SEND, {
      key: c.testKey,
      body: { to: "+233241234567", message: "hi", idempotency_key: "" },
    });
    expect(empty.body.error.errors[0]).toMatchObject({
      loc: ["body", "idempotency_key"],
      msg: expect.stringContaining("must not be empty"),
    });
    const mailbox = await api("POST", "/api/v1/domains/mailboxes", {
      key: c.testKey,
      body: { address: "not an address" },
    });
    expect(mailbox.body.error).toMatchObject({ code: "INVALID_EMAIL", field: "address" });
    // An item that is not a message at all is a missing field of the batch, a code its entry lists.
    const batch = await api("POST", "/api/v1/email/batch", { key: c.testKey, body: { emails: [null] } });
    expect(batch.body.error).toMatchObject({ code: "MISSING_FIELD", index: 0 });
  });

  it("405 in the envelope with Allow for a wrong method", async () => {
    const c = await apiCustomer();
    const res = await api("GET", SEND, { key: c.testKey });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect(res.body.error).toMatchObject({ code: "METHOD_NOT_ALLOWED", allowed: ["POST"] });
  });

  it("INTERNAL_ERROR always says 'Internal server error' and carries an error_id that is in the server log", async () => {
    const broken = defineEndpoint({
      method: "GET",
      path: "/api/v1/broken",
      summary: "",
      auth: "public",
      docs: { response: z.object({}) },
      input: { from: "query", schema: z.object({}) },
      execute: async () => {
        throw new TypeError("secret detail");
      },
    });
    const logged: string[] = [];
    const restore = captureLogs((line) => logged.push(line));
    try {
      const res = await broken.handle(fromWebRequest(new Request("http://kasa.test/api/v1/broken")));
      const body = JSON.parse(res.text);
      expect(res.status).toBe(500);
      expect(body.error).toEqual({
        code: "INTERNAL_ERROR",
        message: "Internal server error",
        docs_url: "http://kasa.test/docs/errors#service-error-codes",
        error_id: expect.any(String),
      });
      expect(logged.join("\n")).toContain(body.error.error_id);
      expect(logged.join("\n")).toContain("secret detail");
    } finally {
      restore();
    }
  });

  it("every failed request still gets its request-log line with the error code", async () => {
    const c = await apiCustomer({ balance: 5 });
    await api("POST", SEND, { key: c.liveKey, body: { ...ok, to: "nope" } });
    const log = await requestLogFor(c.accountId);
    expect(log.at(-1)).toMatchObject({
      status: 400,
      errorCode: "INVALID_PHONE_NUMBER",
      path: SEND,
      mode: "live",
      idempotentReplay: false,
    });
  });
});

function floorMinute() {
  const d = new Date();
  d.setUTCSeconds(0, 0);
  return d;
}
function floorDay() {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  return d;
}
function floorMonth() {
  const d = floorDay();
  d.setUTCDate(1);
  return d;
}
