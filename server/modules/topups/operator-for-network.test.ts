import { describe, expect, it } from "vitest";
import { operatorForNetwork } from "./operator-for-network";
import type { Operator } from "../../providers/topups";
import type { MobileNetwork } from "../networks/network-catalogue";

const operator = (id: number, name: string): Operator => ({
  id,
  name,
  countryIso: "GH",
  currency: "GHS",
  fxRate: 12.5,
  minAmount: 1,
  maxAmount: 100,
  fixedAmounts: [],
});
const network = (name: string, tradeNames: string[] = []): MobileNetwork => ({
  id: "gh-x",
  countryIso: "GH",
  ussdScreenSeptets: null,
  slug: name.toLowerCase(),
  name,
  mcc: "620",
  mncs: ["02"],
  prefixes: [],
  tradeNames,
});

describe("operatorForNetwork", () => {
  it("finds a network's operator by its name or a name it traded under, the plainest first", () => {
    const list = [operator(1, "MTN Ghana Bundles"), operator(2, "MTN Ghana"), operator(3, "Vodafone Ghana")];
    expect(operatorForNetwork(list, network("MTN"))?.id).toBe(2);
    expect(operatorForNetwork(list, network("Telecel", ["Vodafone"]))?.id).toBe(3);
  });

  it("matches whole first words only: AT is not Athena, and no match is null", () => {
    expect(operatorForNetwork([operator(4, "Athena Mobile")], network("AT", ["AirtelTigo"]))).toBeNull();
    expect(operatorForNetwork([operator(5, "AirtelTigo Ghana")], network("AT", ["AirtelTigo"]))?.id).toBe(5);
  });
});
