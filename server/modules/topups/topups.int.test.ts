import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiCustomer, footprint } from "../../../test/api";
import { useFakeReloadly } from "../../../test/fake-topup-providers";
import { db } from "../../db/client";
import { reconcileTopups } from "./reconcile-topups";

const reloadly = useFakeReloadly({ beforeAll, afterAll }, { TOPUP_TIMEOUT_MS: "300", TOPUP_RECONCILE_AFTER_S: "0" });

const buyData = (key: string, phone: string, extra: object = {}) =>
  api("POST", "/api/v1/data/purchase", {
    key,
    body: { phone_number: phone, network: "MTN", capacity_gb: 2, ...extra },
  });
const buyAirtime = (key: string, phone: string, extra: object = {}) =>
  api("POST", "/api/v1/airtime/purchase", {
    key,
    body: { phone_number: phone, amount: 25, operatorId: 150, countryCode: "GH", ...extra },
  });
const ledgerKinds = async (id: string) =>
  (await db().ledgerEntry.findMany({ where: { transactionId: id }, orderBy: { id: "asc" } })).map((l) => l.kind);
const MTN_2GB = 2_000_000n;

describe("data bundles through a local Reloadly (reloadly-data.int.test.ts has each outcome)", () => {
  it("200 concurrent identical purchases with one idempotency key make one upstream call and one charge", async () => {
    const c = await apiCustomer({ balance: 10 });
    const before = await footprint(c.accountId);
    const calls = reloadly.topupCalls;
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => buyData(c.liveKey, "0241234561", { idempotency_key: "same-key" })),
    );
    expect(reloadly.topupCalls - calls).toBe(1);
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(new Set(answers.filter((a) => a.status === 201).map((a) => a.body.data.transaction_id)).size).toBe(1);
    expect((await footprint(c.accountId)).balance).toBe(before.balance - MTN_2GB);
    expect(await db().topup.count({ where: { accountId: c.accountId } })).toBe(1);
  });

  it("answers every validation code with nothing charged or sent upstream", async () => {
    const c = await apiCustomer({ balance: 10 });
    const before = await footprint(c.accountId);
    const cases: [object, string, object?][] = [
      [{ phone_number: "0241234561", network: "mtn" }, "MISSING_FIELD"],
      [{ network: "mtn", capacity_gb: 2 }, "MISSING_FIELD"],
      [{ phone_number: "024123456", network: "mtn", capacity_gb: 2 }, "INVALID_PHONE"],
      [{ phone_number: "+234803123456", network: "mtn", capacity_gb: 2 }, "INVALID_PHONE"],
      [{ phone_number: "0301234567", network: "mtn", capacity_gb: 2 }, "INVALID_PHONE"],
      [{ phone_number: "0241234561", network: "vodafone", capacity_gb: 2 }, "INVALID_NETWORK"],
      [{ phone_number: "0201234561", network: "mtn", capacity_gb: 2 }, "INVALID_NETWORK", { phone_network: "telecel" }],
      [
        { phone_number: "0241234561", network: "mtn", capacity_gb: 3 },
        "INVALID_REQUEST",
        { available_gb: [1, 2, 5, 10, 20] },
      ],
    ];
    for (const [body, code, context] of cases) {
      const res = await api("POST", "/api/v1/data/purchase", { key: c.liveKey, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toMatchObject({ code, ...context });
    }
    const airtime: [object, string][] = [
      [{ phone_number: "+233241234561", operatorId: 150 }, "INVALID_AMOUNT"],
      [{ phone_number: "+233241234561", amount: -5, operatorId: 150 }, "INVALID_AMOUNT"],
      [{ phone_number: "+233241234561", amount: "ten", operatorId: 150 }, "INVALID_AMOUNT"],
      [{ phone_number: "+233241234561", amount: 5, operatorId: "mtn" }, "INVALID_OPERATOR"],
      [{ phone_number: "+233241234561", amount: 5, operatorId: 150, countryCode: "GHA" }, "INVALID_COUNTRY"],
      [{ phone_number: "12345", amount: 5, operatorId: 150 }, "INVALID_PHONE_NUMBER"],
      [{ phone_number: "+233241234561", amount: 5000, operatorId: 150 }, "INVALID_AMOUNT"],
      [{ phone_number: "+233241234561", amount: 5, operatorId: 999 }, "INVALID_OPERATOR"],
    ];
    const topups = reloadly.topupCalls;
    for (const [body, code] of airtime) {
      const res = await api("POST", "/api/v1/airtime/purchase", { key: c.liveKey, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code, JSON.stringify(body)).toBe(code);
    }
    expect(await footprint(c.accountId)).toEqual(before);
    expect(reloadly.topupCalls).toBe(topups);
    expect(await db().topup.count({ where: { accountId: c.accountId } })).toBe(0);
  });

  it("lists the catalogue and answers status lookups, NOT_FOUND for another account", async () => {
    const c = await apiCustomer({ balance: 10 });
    const bundles = await api("GET", "/api/v1/data/bundles?network=Telecel", { key: c.testKey });
    expect(bundles.body.data.bundles.map((b: { capacity_gb: number }) => b.capacity_gb)).toEqual([1, 2, 5, 10]);
    const bought = await buyData(c.liveKey, "0241234561");
    const status = await api("GET", `/api/v1/data/status?transaction_id=${bought.body.data.transaction_id}`, {
      key: c.liveKey,
    });
    expect(status.body.data).toMatchObject({
      status: "success",
      history: [
        { status: "pending" },
        { event: "data.purchased" },
        { event: "data.delivered" },
        { event: "data.success" },
      ],
    });
    const other = await apiCustomer();
    expect(
      (
        await api("GET", `/api/v1/data/status?transaction_id=${bought.body.data.transaction_id}`, {
          key: other.liveKey,
        })
      ).status,
    ).toBe(404);
  });
});

describe("airtime through a local Reloadly-compatible API", () => {
  it("gets a token, looks up operators, tops up (201, charged at the operator's rate), and declines with provider_message", async () => {
    const c = await apiCustomer({ balance: 10 });
    const ops = await api("GET", "/api/v1/airtime/operators?phone_number=%2B233201234561", { key: c.liveKey });
    expect(ops.body.data).toMatchObject({
      country: "GH",
      operators: [{ id: 151, name: "Telecel Ghana", currency: "GHS" }],
    });
    const before = await footprint(c.accountId);
    const res = await buyAirtime(c.liveKey, "+233241234561");
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      type: "airtime",
      status: "success",
      operator_id: 150,
      amount: 25,
      amount_currency: "GHS",
      provider_reference: expect.any(String),
    });
    // 25 GHS at 12.5 GHS per USD, plus the 3% margin.
    expect((await footprint(c.accountId)).balance).toBe(before.balance - 2_060_000n);
    expect(reloadly.tokensIssued).toBe(1);
    expect(
      await db().event.count({ where: { transactionId: res.body.data.transaction_id, event: "airtime.success" } }),
    ).toBe(1);

    const declined = await buyAirtime(c.liveKey, "+233241234562");
    expect(declined.status).toBe(400);
    expect(declined.body.error).toMatchObject({
      code: "PURCHASE_FAILED",
      provider_message: "This number was recharged recently; try later",
    });
    expect(
      await db().event.count({ where: { transactionId: declined.body.error.transaction_id, event: "airtime.failed" } }),
    ).toBe(1);
  });

  it("reconciles a top-up that timed out with the provider's report, by our reference", async () => {
    const c = await apiCustomer({ balance: 10 });
    const res = await buyAirtime(c.liveKey, "+233241234565");
    expect(res.status).toBe(502);
    // Reloadly recorded it when it was asked, and says so when asked again.
    await reconcileTopups();
    expect(await db().topup.findUniqueOrThrow({ where: { id: res.body.error.transaction_id } })).toMatchObject({
      status: "success",
    });
    expect(await ledgerKinds(res.body.error.transaction_id)).toEqual(["reserve", "capture"]);
  });
});

describe("the top-up sandbox (test keys)", () => {
  it("walks success, decline, pending-then-success and provider-down by magic number, charging nothing", async () => {
    const c = await apiCustomer();
    expect((await buyData(c.testKey, "0240000001")).body.data.status).toBe("success");
    expect((await buyData(c.testKey, "0240000002")).body.error).toMatchObject({
      code: "PURCHASE_FAILED",
      provider_message: expect.stringContaining("out of stock"),
    });
    const pending = await buyData(c.testKey, "0240000003");
    expect(pending.body.data.status).toBe("pending");
    await reconcileTopups();
    expect(
      (await api("GET", `/api/v1/data/status?transaction_id=${pending.body.data.transaction_id}`, { key: c.testKey }))
        .body.data.status,
    ).toBe("success");
    expect((await buyData(c.testKey, "0240000004")).status).toBe(502);
    expect((await buyAirtime(c.testKey, "+233240000001")).body.data).toMatchObject({
      status: "success",
      operator_name: "MTN Ghana",
    });
    expect(await db().ledgerEntry.count({ where: { accountId: c.accountId } })).toBe(0);
  });
});
