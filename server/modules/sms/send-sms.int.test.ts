import { describe, expect, it } from "vitest";
import { api, apiCustomer, footprint, requestLogFor } from "../../../test/api";
import { db } from "../../db/client";

describe("POST /api/v1/sms/send with a test key", () => {
  it("answers SPEC 2.3 plus price, route and provider, charges nothing, and reports delivery a moment later", async () => {
    const customer = await apiCustomer();
    const before = await footprint(customer.accountId);
    const res = await api("POST", "/api/v1/sms/send", {
      key: customer.testKey,
      body: { to: "+233241234567", message: "Your code is 482913", reference: "order-17" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: {
        transaction_id: expect.stringMatching(/^sms_[0-9A-Za-z]{12}_[0-9A-Za-z]{12}$/),
        message_id: expect.stringMatching(/^sbx_/),
        status: "sent",
        to: "+233241234567",
        from: "Kasa",
        message_length: 19,
        segments: 1,
        encoding: "gsm7",
        country: { code: "233", name: "Ghana", iso: "GH" },
        region: "africa",
        route: "africa_local",
        provider: "sandbox",
        price: { amount: 0.02, currency: "USD" },
        reference: "order-17",
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        scheduled_at: null,
      },
    });
    const after = await footprint(customer.accountId);
    expect(after.balance).toBe(before.balance);
    expect(after.ledger).toBe(before.ledger);
    expect(after.counters).toEqual([]); // test keys never touch the limiter
    expect(res.headers.get("x-ratelimit-limit")).toBeNull();

    const id = res.body.data.transaction_id;
    const events = await db().event.findMany({ where: { transactionId: id } });
    expect(events.map((e) => e.event)).toEqual(["sms.sent"]);

    await db().smsMessage.update({ where: { id }, data: { receiptDueAt: new Date(Date.now() - 1) } });
    const status = await api("GET", `/api/v1/sms/status?transaction_id=${id}`, { key: customer.testKey });
    expect(status.status).toBe(200);
    expect(status.body.data).toMatchObject({
      transaction_id: id,
      status: "delivered",
      error: null,
      delivered_at: expect.any(String),
    });
    expect(
      (await db().event.findMany({ where: { transactionId: id }, orderBy: { id: "asc" } })).map((e) => e.event),
    ).toEqual(["sms.sent", "sms.delivered"]);

    const log = await requestLogFor(customer.accountId);
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: customer.testKeyId } })).lastUsedAt).toBeInstanceOf(
      Date,
    );
    expect(log.map((l) => [l.method, l.path, l.status, l.transactionId, l.keyPrefix])).toEqual([
      ["POST", "/api/v1/sms/send", 200, id, customer.testKey.slice(0, 16)],
      ["GET", "/api/v1/sms/status", 200, id, customer.testKey.slice(0, 16)],
    ]);
  });

  it("counts UCS-2 segments and bills each one", async () => {
    const customer = await apiCustomer({ balance: 10 });
    const res = await api("POST", "/api/v1/sms/send", {
      key: customer.liveKey,
      body: { to: "+2348031234567", message: "Ẹ ku àárọ̀ ".repeat(10) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(503); // no live carrier configured in tests
    expect(res.body.error.code).toBe("SERVICE_UNAVAILABLE");
    const sandbox = await api("POST", "/api/v1/sms/send", {
      key: customer.testKey,
      body: { to: "+2348031234567", message: "Ẹ ku àárọ̀ ".repeat(10) },
    });
    expect(sandbox.body.data).toMatchObject({
      encoding: "ucs2",
      segments: 2,
      price: { amount: 0.04, currency: "USD" },
      route: "africa_local",
    });
  });

  it("walks the sandbox's magic numbers: rejected is 400, a failing or silent carrier is 503, undelivered fails later", async () => {
    const customer = await apiCustomer();
    const rejected = await api("POST", "/api/v1/sms/send", {
      key: customer.testKey,
      body: { to: "+233200000002", message: "hi" },
    });
    expect(rejected.status).toBe(400);
    expect(rejected.body.error).toMatchObject({
      code: "SMS_SEND_FAILED",
      transaction_id: expect.stringMatching(/^sms_/),
      docs_url: "http://kasa.test/docs/errors#service-error-codes",
    });
    for (const to of ["+233200000003", "+233200000004"]) {
      const failing = await api("POST", "/api/v1/sms/send", { key: customer.testKey, body: { to, message: "hi" } });
      expect(failing.status).toBe(503);
      expect(failing.body.error).toMatchObject({
        code: "SMS_SEND_FAILED",
        error_id: expect.any(String),
        transaction_id: expect.stringMatching(/^sms_/),
      });
    }
    const undelivered = await api("POST", "/api/v1/sms/send", {
      key: customer.testKey,
      body: { to: "+233200000005", message: "hi" },
    });
    expect(undelivered.status).toBe(200);
    const id = undelivered.body.data.transaction_id;
    await db().smsMessage.update({ where: { id }, data: { receiptDueAt: new Date(Date.now() - 1) } });
    const status = await api("GET", `/api/v1/sms/status?transaction_id=${id}`, { key: customer.testKey });
    // Beside the raw code, what it means and what to do (the reason catalogue).
    expect(status.body.data).toMatchObject({
      status: "failed",
      error: {
        code: "undelivered",
        explanation: { title: expect.any(String), meaning: expect.any(String), action: expect.any(String) },
      },
    });
    expect(status.body.data.error.explanation.title).not.toBe("Failed");
  });
});
