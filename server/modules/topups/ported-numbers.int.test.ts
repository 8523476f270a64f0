// Top-ups go by the network a number is on now (issue #40): the lookup's answer, not the 0XX prefix. Test keys use
// the lookup sandbox (+233241000001: an MTN range, ported to Telecel); live keys a local Twilio Lookup v2 server,
// whose silence or absence leaves the prefix in charge within the lookup's timeout, never holding a purchase up.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiCustomer, footprint } from "../../../test/api";
import { useFakeReloadly } from "../../../test/fake-topup-providers";
import { FakeTwilioLookup } from "../../../test/fake-twilio-lookup";
import { withConfig } from "../../../test/config";

const reloadly = useFakeReloadly({ beforeAll, afterAll }, { TOPUP_TIMEOUT_MS: "2000", TOPUP_RECONCILE_AFTER_S: "0" });
const lookup = new FakeTwilioLookup();
beforeAll(() => lookup.start("AC00000000000000000000000000000000", "topup-lookup-token"));
afterAll(() => lookup.stop());

const buyData = (key: string, phone: string, network: string) =>
  api("POST", "/api/v1/data/purchase", { key, body: { phone_number: phone, network, capacity_gb: 2 } });
const buyAirtime = (key: string, phone: string) =>
  api("POST", "/api/v1/airtime/purchase", { key, body: { phone_number: phone, amount: 10 } });

describe("a ported number's top-ups", () => {
  it("buys a bundle on the network the number moved to, and names that network when asked for its old one", async () => {
    const c = await apiCustomer();
    const bought = await buyData(c.testKey, "0241000001", "telecel");
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    expect(bought.body.data).toMatchObject({ network: "telecel", phone_number: "+233241000001" });

    const before = await footprint(c.accountId);
    const refused = await buyData(c.testKey, "0241000001", "mtn");
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: "INVALID_NETWORK",
      conflicts_with: "phone_number",
      phone_network: "telecel",
      phone_network_source: "provider",
      ported: true,
    });
    expect(refused.body.error.message).toContain("moved from MTN");
    expect(await footprint(c.accountId)).toEqual(before);
  });

  it("tops up airtime on the operator of the number's new network when no operatorId is given", async () => {
    const c = await apiCustomer();
    const ported = await buyAirtime(c.testKey, "+233241000001");
    expect(ported.status, JSON.stringify(ported.body)).toBe(201);
    expect(ported.body.data).toMatchObject({ operator_id: 151, operator_name: "Telecel Ghana" });
    const operators = await api("GET", "/api/v1/airtime/operators?phone_number=%2B233241000001", { key: c.testKey });
    expect(operators.body.data.operators).toEqual([expect.objectContaining({ id: 151 })]);
    // A number that never moved keeps its prefix's operator.
    const stayed = await buyAirtime(c.testKey, "+233244000123");
    expect(stayed.body.data).toMatchObject({ operator_id: 150, operator_name: "MTN Ghana" });
  });

  it("live: the provider's answer decides, and a provider that holds past its timeout leaves the prefix to", async () => {
    const c = await apiCustomer({ balance: 10 });
    lookup.numbers.set("+233244000777", { mcc: "620", mnc: "02", carrier: "Vodafone Ghana" });
    await withConfig({ LOOKUP_URL: lookup.url, LOOKUP_TIMEOUT_MS: "300" }, async () => {
      const moved = await buyData(c.liveKey, "0244000777", "mtn");
      expect(moved.body.error).toMatchObject({ code: "INVALID_NETWORK", phone_network: "telecel", ported: true });
      // Airtime: Reloadly's own detection would say MTN from the prefix; the lookup says Telecel.
      const airtime = await buyAirtime(c.liveKey, "+233244000777");
      expect(airtime.status, JSON.stringify(airtime.body)).toBe(201);
      expect(airtime.body.data).toMatchObject({ operator_id: 151 });

      lookup.holding = true;
      try {
        const calls = reloadly.topupCalls;
        const byPrefix = await buyData(c.liveKey, "0244000888", "mtn");
        expect(byPrefix.status, JSON.stringify(byPrefix.body)).toBe(201);
        expect(reloadly.topupCalls).toBe(calls + 1);
      } finally {
        lookup.holding = false;
        lookup.release();
      }
    });
    // No provider at all: the prefix, as before.
    expect((await buyData(c.liveKey, "0244000999", "mtn")).status).toBe(201);
  });
});
