import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeTwilioLookup } from "../../../test/fake-twilio-lookup";
import { freePort } from "../../../test/free-port";
import { withConfig } from "../../../test/config";
import { db } from "../../db/client";
import { lookUpNumber } from "./look-up-number";

const fake = new FakeTwilioLookup();
beforeAll(() => fake.start("AC00000000000000000000000000000000", "lookup-test-token"));
afterAll(() => fake.stop());

const MTN = { network: "mtn", name: "MTN", mcc: "620", mnc: "01", mncs: ["01"] };
const live = (phoneNumber: string, now?: Date) => lookUpNumber({ phoneNumber, mode: "live", now });

describe("a number lookup", () => {
  it("names the network the number is on now, from the provider, and that it moved from its range's", async () => {
    fake.numbers.set("+233244000111", { mcc: "620", mnc: "02", carrier: "Telecel Ghana" });
    const answer = await withConfig({ LOOKUP_URL: fake.url }, () => live("+233 24 400 0111"));
    expect(answer).toEqual({
      phone_number: "+233244000111",
      valid: true,
      country: "GH",
      calling_code: "+233",
      national_format: "024 400 0111",
      line_type: "mobile",
      allocated_network: MTN,
      current_network: { network: "telecel", name: "Telecel", mcc: "620", mnc: "02" },
      ported: true,
      source: "provider",
      fallback: null,
    });
  });

  it("keeps the provider's answer for the cache's time, then asks again", async () => {
    fake.numbers.set("+233554000222", { mcc: "620", mnc: "01", carrier: "MTN Ghana" });
    const start = new Date("2026-11-26T10:00:00Z");
    await withConfig({ LOOKUP_URL: fake.url, LOOKUP_CACHE_HOURS: "24" }, async () => {
      const asked = () => fake.requests.filter((r) => r.number === "+233554000222").length;
      const first = await live("+233554000222", start);
      expect(first).toMatchObject({ ported: false, source: "provider", current_network: { network: "mtn" } });
      expect(asked()).toBe(1);
      // The number moves; within a day the kept answer stands, after it the provider is asked again.
      fake.numbers.set("+233554000222", { mcc: "620", mnc: "03", carrier: "AT Ghana" });
      const kept = await live("+233554000222", new Date(start.getTime() + 23 * 3_600_000));
      expect(kept).toMatchObject({ current_network: { network: "mtn" }, source: "provider" });
      expect(asked()).toBe(1);
      const later = await live("+233554000222", new Date(start.getTime() + 25 * 3_600_000));
      expect(later).toMatchObject({ ported: true, current_network: { network: "airteltigo", mnc: "03" } });
      expect(asked()).toBe(2);
    });
  });

  it("falls back to the number's range, and says why, when the provider holds past its timeout, is down or is not set", async () => {
    const expected = {
      current_network: { network: "mtn", name: "MTN", mcc: "620", mnc: "01" },
      ported: false,
      source: "prefix",
    };
    fake.holding = true;
    try {
      const held = await withConfig({ LOOKUP_URL: fake.url, LOOKUP_TIMEOUT_MS: "200", LOOKUP_CACHE_HOURS: "0" }, () =>
        live("+233244000333"),
      );
      expect(held).toMatchObject({ ...expected, fallback: "provider_timeout" });
    } finally {
      fake.holding = false;
      fake.release();
    }
    const down = `http://AC1:token@127.0.0.1:${await freePort()}`;
    expect(await withConfig({ LOOKUP_URL: down }, () => live("+233244000333"))).toMatchObject({
      ...expected,
      fallback: "provider_unreachable",
    });
    expect(await withConfig({ LOOKUP_URL: undefined }, () => live("+233244000333"))).toMatchObject({
      ...expected,
      fallback: "no_provider",
    });
    // Nothing was kept from answers that never came.
    expect(await db().numberLookup.count({ where: { phoneNumber: "+233244000333" } })).toBe(0);
  });

  it("answers test keys from the sandbox's numbers, without a provider", async () => {
    const ported = await lookUpNumber({ phoneNumber: "+233241000001", mode: "test" });
    expect(ported).toMatchObject({
      allocated_network: MTN,
      current_network: { network: "telecel" },
      ported: true,
      source: "provider",
    });
    expect(await lookUpNumber({ phoneNumber: "+233201000001", mode: "test" })).toMatchObject({
      allocated_network: { network: "telecel" },
      current_network: { network: "telecel" },
      ported: false,
    });
    expect(await lookUpNumber({ phoneNumber: "+233301234567", mode: "test" })).toMatchObject({
      valid: true,
      line_type: "fixed_line",
      allocated_network: null,
      current_network: null,
      ported: false,
    });
    // Any other number: what its range says.
    expect(await lookUpNumber({ phoneNumber: "+233505550100", mode: "test" })).toMatchObject({
      current_network: { network: "telecel" },
      source: "prefix",
      fallback: null,
    });
  });

  it("says a number no plan allows is not valid, without asking anyone; and refuses what is not a number", async () => {
    const before = fake.requests.length;
    const invalid = await withConfig({ LOOKUP_URL: fake.url }, () => live("+233991234567"));
    expect(invalid).toMatchObject({ valid: false, line_type: "unknown", source: "prefix" });
    expect(fake.requests.length).toBe(before);
    await expect(live("0241234567")).rejects.toMatchObject({ code: "INVALID_PHONE_NUMBER" });
    await expect(live("call me")).rejects.toMatchObject({ code: "INVALID_PHONE_NUMBER" });
  });
});
