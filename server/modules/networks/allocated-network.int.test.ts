import { describe, expect, it } from "vitest";
import { allocatedNetwork, networkByCode } from "./allocated-network";
import { networkCatalogue } from "./network-catalogue";

describe("the network a number's range was allocated to", () => {
  it("is the longest prefix that starts the national number", async () => {
    const catalogue = await networkCatalogue();
    expect(allocatedNetwork(catalogue, "GH", "241234567")?.slug).toBe("mtn");
    expect(allocatedNetwork(catalogue, "GH", "201234567")?.slug).toBe("telecel");
    expect(allocatedNetwork(catalogue, "GH", "571234567")?.slug).toBe("airteltigo");
    // South Africa's 71 is Vodacom's, but 710 and 717-719 were given to MTN.
    expect(allocatedNetwork(catalogue, "ZA", "711234567")?.slug).toBe("vodacom");
    expect(allocatedNetwork(catalogue, "ZA", "710123456")?.slug).toBe("mtn");
    expect(allocatedNetwork(catalogue, "NG", "8031234567")?.slug).toBe("mtn");
    // A fixed line, and a country with no ranges on record.
    expect(allocatedNetwork(catalogue, "GH", "302123456")).toBeNull();
    expect(allocatedNetwork(catalogue, "TG", "90123456")).toBeNull();
  });

  it("is found by MCC and MNC, a merged network's second code too", async () => {
    const catalogue = await networkCatalogue();
    expect(networkByCode(catalogue, "GH", "620", "02")?.slug).toBe("telecel");
    expect(networkByCode(catalogue, "GH", "620", "6")?.slug).toBe("airteltigo");
    expect(networkByCode(catalogue, "GH", "620", "99")).toBeNull();
  });
});
