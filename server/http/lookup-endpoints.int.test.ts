// /api/v1/lookup over the front `npm start` serves: the sandbox for test keys, a local Twilio Lookup v2 server for
// live ones, the price charged through the ledger only for the provider's answers, and bad input changing nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiCustomer, footprint } from "../../test/api";
import { withConfig } from "../../test/config";
import { FakeTwilioLookup } from "../../test/fake-twilio-lookup";
import { createApiKey } from "../modules/keys/create-api-key";
import { db } from "../db/client";

const fake = new FakeTwilioLookup();
beforeAll(() => fake.start("AC00000000000000000000000000000000", "lookup-endpoint-token"));
afterAll(() => fake.stop());
const withProvider = <T>(fn: () => Promise<T>) => withConfig({ LOOKUP_URL: fake.url, LOOKUP_TIMEOUT_MS: "1000" }, fn);
const asked = (number: string) => fake.requests.filter((r) => r.number === number).length;

describe("GET /api/v1/lookup/{phone_number}", () => {
  it("answers the sandbox's documented numbers for a test key, free, with the + as written or encoded", async () => {
    const c = await apiCustomer({ balance: 1 });
    const before = await footprint(c.accountId);
    const ported = await api("GET", "/api/v1/lookup/+233241000001", { key: c.testKey });
    expect(ported.status, JSON.stringify(ported.body)).toBe(200);
    expect(ported.body.data).toMatchObject({
      phone_number: "+233241000001",
      valid: true,
      country: "GH",
      line_type: "mobile",
      allocated_network: { network: "mtn", name: "MTN" },
      current_network: { network: "telecel", name: "Telecel", mcc: "620", mnc: "02" },
      ported: true,
      source: "provider",
      price: 0,
      currency: "USD",
      transaction_id: null,
    });
    const encoded = await api("GET", "/api/v1/lookup/%2B233201000001", { key: c.testKey });
    expect(encoded.body.data).toMatchObject({ current_network: { network: "telecel" }, ported: false });
    const fixed = await api("GET", "/api/v1/lookup/+233301234567", { key: c.testKey });
    expect(fixed.body.data).toMatchObject({ line_type: "fixed_line", current_network: null, ported: false });
    const after = await footprint(c.accountId);
    expect({ ...after, counters: [] }).toEqual({ ...before, counters: [] });
    expect(fake.requests).toHaveLength(0);
  });

  it("refuses what is not a number with INVALID_PHONE_NUMBER, and a key without lookup:read", async () => {
    const c = await apiCustomer({ balance: 1 });
    const before = await footprint(c.accountId);
    const bad = await api("GET", "/api/v1/lookup/0241234567", { key: c.liveKey });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: "INVALID_PHONE_NUMBER", field: "phone_number" });
    // The whole value is the number: nothing around it, no extension, no second path segment.
    for (const path of ["+233241234567junk", "%2B233241234567%2Fx", "+233241234567%20ext%2012"]) {
      const around = await api("GET", `/api/v1/lookup/${path}`, { key: c.liveKey });
      expect(around.body.error, path).toMatchObject({ code: "INVALID_PHONE_NUMBER", field: "phone_number" });
    }
    const smsOnly = await createApiKey({ accountId: c.accountId, mode: "live", scopes: ["sms:send"] });
    const refused = await api("GET", "/api/v1/lookup/+233241234567", { key: smsOnly.key });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: "FORBIDDEN", required_permission: "lookup:read" });
    expect(await footprint(c.accountId)).toEqual(before);
  });

  it("charges a live answer from the provider through the ledger, and nothing for one from the range alone", async () => {
    const c = await apiCustomer({ balance: 1 });
    fake.numbers.set("+233244100200", { mcc: "620", mnc: "02", carrier: "Telecel Ghana" });
    const answer = await withProvider(() => api("GET", "/api/v1/lookup/+233244100200", { key: c.liveKey }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ ported: true, source: "provider", price: 0.005, currency: "USD" });
    const transactionId = answer.body.data.transaction_id as string;
    expect(transactionId).toMatch(/^lkp_/);
    const entries = await db().ledgerEntry.findMany({ where: { transactionId }, orderBy: { id: "asc" } });
    // Held before the provider was asked, then captured: one number, one price.
    expect(entries.map((e) => [e.kind, e.amountMicros, e.balanceAfterMicros])).toEqual([
      ["reserve", -5000n, 995_000n],
      ["capture", 0n, 995_000n],
    ]);
    expect((await footprint(c.accountId)).balance).toBe(995_000n);

    // No provider: the range's network, said so, free.
    const before = await footprint(c.accountId);
    const prefix = await api("GET", "/api/v1/lookup/+233244100200", { key: c.liveKey });
    expect(prefix.body.data).toMatchObject({
      source: "prefix",
      fallback: "no_provider",
      current_network: { network: "mtn" },
      ported: false,
      price: 0,
    });
    const after = await footprint(c.accountId);
    expect({ balance: after.balance, ledger: after.ledger, lookups: after.lookups }).toEqual({
      balance: before.balance,
      ledger: before.ledger,
      lookups: before.lookups,
    });
  });

  it("falls back to the range within the timeout when the provider holds, and gives the held price back", async () => {
    const c = await apiCustomer({ balance: 1 });
    fake.holding = true;
    let answer;
    try {
      answer = await withConfig({ LOOKUP_URL: fake.url, LOOKUP_TIMEOUT_MS: "300" }, () =>
        api("GET", "/api/v1/lookup/+233551100300", { key: c.liveKey }),
      );
    } finally {
      fake.holding = false;
      fake.release();
    }
    expect(answer.body.data).toMatchObject({
      source: "prefix",
      fallback: "provider_timeout",
      price: 0,
      transaction_id: null,
    });
    expect((await footprint(c.accountId)).balance).toBe(1_000_000n);
    const [held] = await db().lookup.findMany({ where: { accountId: c.accountId } });
    expect(held).toMatchObject({ status: "released", charged: 0, priceMicros: 0n });
    const entries = await db().ledgerEntry.findMany({ where: { transactionId: held!.id }, orderBy: { id: "asc" } });
    expect(entries.map((e) => [e.kind, e.amountMicros])).toEqual([
      ["reserve", -5000n],
      ["refund", 5000n],
    ]);
  });

  it("asks nothing of the provider when the balance cannot pay: 402, and nothing written", async () => {
    const c = await apiCustomer({ balance: 0.001 });
    const before = await footprint(c.accountId);
    const answer = await withProvider(() => api("GET", "/api/v1/lookup/+233244100201", { key: c.liveKey }));
    expect(answer.status).toBe(402);
    expect(answer.body.error).toMatchObject({ code: "INSUFFICIENT_BALANCE", required: 0.005 });
    expect(asked("+233244100201")).toBe(0);
    const after = await footprint(c.accountId);
    expect({ ...after, counters: [] }).toEqual({ ...before, counters: [] });
  });
});

describe("POST /api/v1/lookup", () => {
  it("answers each number in order, charging each distinct number the provider answered once", async () => {
    const c = await apiCustomer({ balance: 1 });
    fake.numbers.set("+233244100400", { mcc: "620", mnc: "01", carrier: "MTN Ghana" });
    fake.numbers.set("+233204100400", { mcc: "620", mnc: "03", carrier: "AT Ghana" });
    const numbers = ["+233244100400", "+233204100400", "+233 24 410 0400", "+23320"];
    const answer = await withProvider(() =>
      api("POST", "/api/v1/lookup", { key: c.liveKey, body: { phone_numbers: numbers } }),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { lookups, ...charge } = answer.body.data;
    expect(lookups.map((l: { phone_number: string; source: string }) => [l.phone_number, l.source])).toEqual([
      ["+233244100400", "provider"],
      ["+233204100400", "provider"],
      ["+233244100400", "provider"],
      ["+23320", "prefix"],
    ]);
    expect(lookups[1]).toMatchObject({ ported: true, current_network: { network: "airteltigo" } });
    // The number too short for any plan is not worth a provider's call, nor a charge.
    expect(lookups[3]).toMatchObject({ valid: false, fallback: null, current_network: null });
    expect(charge).toEqual({
      charged: 2,
      price: 0.01,
      currency: "USD",
      transaction_id: expect.stringMatching(/^lkp_/),
    });
    expect(asked("+233244100400")).toBe(1);
    const row = await db().lookup.findUniqueOrThrow({ where: { id: charge.transaction_id } });
    expect(row).toMatchObject({
      accountId: c.accountId,
      numbers: 3,
      status: "charged",
      charged: 2,
      priceMicros: 10_000n,
    });
    expect((await footprint(c.accountId)).balance).toBe(990_000n);
  });

  it("checks every number before asking anything: the bad one is named, nothing is looked up or charged", async () => {
    const c = await apiCustomer({ balance: 1 });
    const before = await footprint(c.accountId);
    const requests = fake.requests.length;
    const bad = await withProvider(() =>
      api("POST", "/api/v1/lookup", {
        key: c.liveKey,
        body: { phone_numbers: ["+233244100500", "+233204100500", "024 410 0500"] },
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: "INVALID_PHONE_NUMBER", field: "phone_numbers[2]" });
    const tooMany = await api("POST", "/api/v1/lookup", {
      key: c.liveKey,
      body: { phone_numbers: Array.from({ length: 101 }, (_, i) => `+2332441${String(i).padStart(5, "0")}`) },
    });
    expect(tooMany.status).toBe(400);
    const none = await api("POST", "/api/v1/lookup", { key: c.liveKey, body: { phone_numbers: [] } });
    expect(none.status).toBe(400);
    const missing = await api("POST", "/api/v1/lookup", { key: c.liveKey, body: {} });
    expect(missing.body.error.code).toBe("MISSING_FIELD");
    expect(fake.requests.length).toBe(requests);
    expect(await footprint(c.accountId)).toEqual(before);
  });
});
