// Live Ghana data bundles through Reloadly (a local one speaking its wire
// format): POST /api/v1/data/purchase with a live key picks the plan by
// network and capacity from Reloadly's catalogue, and every outcome moves the
// money once: delivered is captured, refused is refunded, silence is held and
// reconciled by our reference.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiCustomer, footprint } from "../../../test/api";
import { useFakeReloadly } from "../../../test/fake-topup-providers";
import { db } from "../../db/client";
import { reconcileTopups } from "./reconcile-topups";
import { configure } from "../../config/config";

const reloadly = useFakeReloadly({ beforeAll, afterAll }, { TOPUP_TIMEOUT_MS: "300", TOPUP_RECONCILE_AFTER_S: "0" });
beforeAll(async () => {
  // Staff pin a bundle whose plan no description names (before the catalogue is first read and kept).
  await db().dataBundle.update({ where: { id: "telecel_5gb" }, data: { providerCode: "reloadly:644:25" } });
});

const buyData = (key: string, phone: string, network: string, capacity_gb: number, extra: object = {}) =>
  api("POST", "/api/v1/data/purchase", { key, body: { phone_number: phone, network, capacity_gb, ...extra } });
const ledgerKinds = async (id: string) =>
  (await db().ledgerEntry.findMany({ where: { transactionId: id }, orderBy: { id: "asc" } })).map((l) => l.kind);
const events = async (id: string) =>
  (await db().event.findMany({ where: { transactionId: id }, orderBy: { id: "asc" } })).map((e) => e.event);
const topup = (id: string) => db().topup.findUniqueOrThrow({ where: { id } });

describe("live data bundles through Reloadly", () => {
  it("buys the plan of that network and size, valid as long as the catalogue says: 201, captured once, data.success", async () => {
    const c = await apiCustomer({ balance: 10 });
    const before = await footprint(c.accountId);
    const res = await buyData(c.liveKey, "0241234561", "mtn", 2);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.data.transaction_id;
    expect(res.body.data).toMatchObject({
      status: "success",
      network: "mtn",
      capacity_gb: 2,
      price: { amount: 2, currency: "USD" },
      provider_reference: String(reloadly.topups.get(id)!.transactionId),
      provider_message: "MTN Ghana Data: 2GB valid for 30 days",
    });
    // The 30-day 2 GB plan in cedis, not the cheaper 1-day one, nor the airtime operator.
    expect(reloadly.topups.get(id)).toMatchObject({
      operatorId: 643,
      amount: 20,
      useLocalAmount: true,
      phone: "233241234561",
    });
    expect((await footprint(c.accountId)).balance).toBe(before.balance - 2_000_000n);
    expect(await ledgerKinds(id)).toEqual(["reserve", "capture"]);
    expect(await events(id)).toEqual(["data.purchased", "data.delivered", "data.success"]);
  });

  it("reads Telecel's megabytes and AirtelTigo's dollar plans, and the catalogue once for them all", async () => {
    const c = await apiCustomer({ balance: 10 });
    const telecel = await buyData(c.liveKey, "0201234561", "telecel", 1);
    expect(telecel.status, JSON.stringify(telecel.body)).toBe(201);
    expect(reloadly.topups.get(telecel.body.data.transaction_id)).toMatchObject({
      operatorId: 644,
      amount: 10,
      useLocalAmount: true,
    });
    const airteltigo = await buyData(c.liveKey, "0261234561", "airteltigo", 5);
    expect(airteltigo.status, JSON.stringify(airteltigo.body)).toBe(201);
    expect(reloadly.topups.get(airteltigo.body.data.transaction_id)).toMatchObject({
      operatorId: 645,
      amount: 4,
      useLocalAmount: false,
    });
    expect(reloadly.catalogueReads).toBe(1);
    expect(reloadly.tokensIssued).toBe(1);
  });

  it("a data_bundles row pinned to a plan (provider_code reloadly:<operator>:<amount>) buys exactly that plan", async () => {
    const c = await apiCustomer({ balance: 10 });
    const res = await buyData(c.liveKey, "0501234561", "telecel", 5);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(reloadly.topups.get(res.body.data.transaction_id)).toMatchObject({ operatorId: 644, amount: 25 });
  });

  it("Reloadly's refusal is 400 PURCHASE_FAILED with its message, refunded, data.failed", async () => {
    const c = await apiCustomer({ balance: 10 });
    const before = await footprint(c.accountId);
    const res = await buyData(c.liveKey, "0241234562", "mtn", 1);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: "PURCHASE_FAILED",
      provider_message: "This number was recharged recently; try later",
    });
    const id = res.body.error.transaction_id;
    expect((await footprint(c.accountId)).balance).toBe(before.balance);
    expect(await ledgerKinds(id)).toEqual(["reserve", "refund"]);
    expect(await events(id)).toEqual(["data.failed"]);
  });

  it("a size Reloadly does not sell is refused before anything is bought: 400 PURCHASE_FAILED naming what it sells", async () => {
    const c = await apiCustomer({ balance: 20 });
    const before = await footprint(c.accountId);
    const calls = reloadly.topupCalls;
    const res = await buyData(c.liveKey, "0241234561", "mtn", 20);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: "PURCHASE_FAILED",
      provider_message: "The provider no longer sells a 20 GB MTN bundle valid 30 days; it sells 1, 1.5, 2, 5, 10 GB",
    });
    expect(reloadly.topupCalls).toBe(calls);
    expect((await footprint(c.accountId)).balance).toBe(before.balance);
    expect(await ledgerKinds(res.body.error.transaction_id)).toEqual(["reserve", "refund"]);
  });

  it("a plan withdrawn after the catalogue was read is refused by Reloadly itself, and refunded", async () => {
    const c = await apiCustomer({ balance: 10 });
    const before = await footprint(c.accountId);
    reloadly.stopSelling(643, 50);
    const res = await buyData(c.liveKey, "0241234561", "mtn", 5);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: "PURCHASE_FAILED",
      provider_message: "The amount is not valid for this operator",
    });
    expect((await footprint(c.accountId)).balance).toBe(before.balance);
  });

  it("an unreachable Reloadly is 502 PROVIDER_ERROR and nothing is charged", async () => {
    const c = await apiCustomer({ balance: 10 });
    const before = await footprint(c.accountId);
    const restore = configure({ RELOADLY_AUTH_URL: "http://127.0.0.1:9", RELOADLY_API_URL: "http://127.0.0.1:9" });
    try {
      const res = await buyData(c.liveKey, "0241234561", "mtn", 1);
      expect(res.status).toBe(502);
      expect(res.body.error.code).toBe("PROVIDER_ERROR");
      expect((await footprint(c.accountId)).balance).toBe(before.balance);
    } finally {
      restore();
    }
  });

  it("no answer after the top-up left: held pending, replayed for the same key, then captured once because Reloadly delivered", async () => {
    const c = await apiCustomer({ balance: 10 });
    const before = await footprint(c.accountId);
    const calls = reloadly.topupCalls;
    const res = await buyData(c.liveKey, "0241234565", "mtn", 1, { idempotency_key: "late-1" });
    expect(res.status).toBe(502);
    expect(res.body.error).toMatchObject({ code: "PROVIDER_ERROR", status: "pending" });
    const id = res.body.error.transaction_id;
    expect((await topup(id)).status).toBe("pending");
    expect((await footprint(c.accountId)).balance).toBe(before.balance - 1_100_000n);
    const again = await buyData(c.liveKey, "0241234565", "mtn", 1, { idempotency_key: "late-1" });
    expect(again.headers.get("x-idempotent-replay")).toBe("true");
    // Reloadly recorded it when it was asked (its answer came too late), and says so when asked again.
    await reconcileTopups();
    expect(await topup(id)).toMatchObject({ status: "success", providerReference: expect.any(String) });
    await reconcileTopups();
    expect(await ledgerKinds(id)).toEqual(["reserve", "capture"]);
    expect((await footprint(c.accountId)).balance).toBe(before.balance - 1_100_000n);
    expect(reloadly.topupCalls - calls).toBe(1);
  });

  it("no answer for a top-up Reloadly never recorded: refunded once, never charged", async () => {
    const c = await apiCustomer({ balance: 10 });
    const before = await footprint(c.accountId);
    const res = await buyData(c.liveKey, "0241234566", "mtn", 1);
    expect(res.status).toBe(502);
    const id = res.body.error.transaction_id;
    // Even a report listing other top-ups (delivered ones) is read by our reference only.
    reloadly.reportFilterIgnored = true;
    try {
      await reconcileTopups();
      await reconcileTopups();
    } finally {
      reloadly.reportFilterIgnored = false;
    }
    expect(await topup(id)).toMatchObject({
      status: "failed",
      providerMessage: "The provider never received the purchase",
    });
    expect(await ledgerKinds(id)).toEqual(["reserve", "refund"]);
    expect((await footprint(c.accountId)).balance).toBe(before.balance);
  });

  it("PROCESSING is held while Reloadly says so, then settled by what it reports: refunded when REFUNDED", async () => {
    const c = await apiCustomer({ balance: 10 });
    const before = await footprint(c.accountId);
    const res = await buyData(c.liveKey, "0241234563", "mtn", 1);
    expect(res.status).toBe(201);
    const id = res.body.data.transaction_id;
    expect(res.body.data.status).toBe("pending");
    await reconcileTopups();
    expect((await topup(id)).status).toBe("pending");
    reloadly.settle(id, "REFUNDED");
    await reconcileTopups();
    expect((await topup(id)).status).toBe("failed");
    expect(await ledgerKinds(id)).toEqual(["reserve", "refund"]);
    expect((await footprint(c.accountId)).balance).toBe(before.balance);
  });
});
