// Reading Reloadly's data menus: what the words say, which network a name is,
// and which plan delivers a Kasa bundle (never less than was paid for).
import { describe, expect, it } from "vitest";
import { ghanaOperators } from "../../../test/fake-reloadly-operators";
import { choosePlan } from "./reloadly-data-choice";
import { networkOf, parseCapacityGb, parseValidityDays, plansOf } from "./reloadly-data-plans";

const plans = ghanaOperators().flatMap(plansOf);
const want = (network: string, capacityGb: number, bundleCode = "X") =>
  choosePlan(plans, { network, capacityGb, validityDays: 30, bundleCode });

describe("Reloadly's Ghana data plans", () => {
  it("names the network from the operator's name, old brands included, and no other network", () => {
    expect(
      ["MTN Ghana Data", "Vodafone Ghana Data", "Telecel Ghana Bundles", "AirtelTigo Ghana Data"].map(networkOf),
    ).toEqual(["mtn", "telecel", "telecel", "airteltigo"]);
    expect(networkOf("AT Ghana Data")).toBe("airteltigo");
    expect(networkOf("Glo Ghana Data")).toBeNull();
    expect(networkOf("Data at home")).toBeNull();
  });

  it("reads capacity and validity from the description, and refuses to guess two sizes", () => {
    expect(parseCapacityGb("1.5GB valid for 30 days")).toBe(1.5);
    expect(parseCapacityGb("Data Bundle 1024MB Monthly")).toBe(1);
    expect(parseCapacityGb("1,5 GB")).toBe(1.5);
    expect(parseCapacityGb("4G 2GB Bundle")).toBe(2);
    expect(parseCapacityGb("1GB + 500MB night bonus")).toBeNull();
    expect(parseCapacityGb("Unlimited WhatsApp")).toBeNull();
    expect(parseValidityDays("2GB valid for 30 days")).toBe(30);
    expect(parseValidityDays("AT Bigtime 1GB, 30 Days")).toBe(30);
    expect(parseValidityDays("5GB 7-day")).toBe(7);
    expect(parseValidityDays("1GB Monthly")).toBe(30);
    expect(parseValidityDays("1GB 24 hours")).toBe(1);
    expect(parseValidityDays("1GB non-expiry")).toBe(Infinity);
    expect(parseValidityDays("1GB")).toBeNull();
  });

  it("only lists FIXED data operators, in cedis where the operator takes them, else in the account's currency", () => {
    expect(new Set(plans.map((p) => p.operatorId))).toEqual(new Set([643, 644, 645]));
    expect(plans.find((p) => p.operatorId === 643 && p.amount === 11)).toMatchObject({ local: true, currency: "GHS" });
    expect(plans.find((p) => p.operatorId === 645 && p.amount === 4)).toMatchObject({
      local: false,
      currency: "USD",
      capacityGb: 5,
    });
  });

  it("chooses the bundle's size at its validity, never a shorter one, and names what is sold when nothing fits", () => {
    expect(want("mtn", 2)).toMatchObject({ operatorId: 643, amount: 20 });
    expect(want("mtn", 1)).toMatchObject({ amount: 11 });
    expect(want("telecel", 10)).toMatchObject({ operatorId: 644, amount: 90 });
    expect(want("mtn", 20)).toEqual({
      refusal: "The provider no longer sells a 20 GB MTN bundle valid 30 days; it sells 1, 1.5, 2, 5, 10 GB",
    });
    expect(choosePlan(plans, { network: "mtn", capacityGb: 2, validityDays: 1, bundleCode: "X" })).toMatchObject({
      amount: 14,
    });
    // The 30-day 2 GB plan withdrawn: the 1-day one is not sold in its place.
    const without = plans.filter((p) => !(p.operatorId === 643 && p.amount === 20));
    expect(choosePlan(without, { network: "mtn", capacityGb: 2, validityDays: 30, bundleCode: "X" })).toHaveProperty(
      "refusal",
    );
    expect(choosePlan([], { network: "mtn", capacityGb: 1, validityDays: 30, bundleCode: "X" })).toEqual({
      refusal: "The provider sells no MTN data bundles at the moment",
    });
  });

  it("honours a pinned plan while it is on sale, on its network only", () => {
    expect(want("telecel", 5, "reloadly:644:25")).toMatchObject({ amount: 25, capacityGb: null });
    expect(want("telecel", 5, "reloadly:644:26")).toHaveProperty("refusal");
    expect(want("mtn", 5, "reloadly:644:25")).toHaveProperty("refusal");
  });
});
