import { describe, expect, it } from "vitest";
import { api } from "../../../test/api";
import { db } from "../../db/client";
import { forgetCoverage } from "./coverage-cache";

describe("GET /api/v1/sms/countries", () => {
  it("lists every country with its dialing code and route, 31 on africa_local, without a key", async () => {
    const res = await api("GET", "/api/v1/sms/countries");
    expect(res.status).toBe(200);
    const { countries, total, routes } = res.body.data;
    expect(total).toBe(countries.length);
    expect(total).toBeGreaterThan(240);
    expect(countries.find((c: { iso_code: string }) => c.iso_code === "GH")).toEqual({
      country: "Ghana",
      iso_code: "GH",
      dialing_code: "+233",
      route: "africa_local",
      supported: true,
      sender_id_supported: true,
      default_sender: { type: "alphanumeric", sender: "Kasa" },
      price_per_segment: "0.02",
      networks: [
        {
          network: "airteltigo",
          name: "AT",
          mcc: "620",
          mnc: "03",
          mncs: ["03", "06"],
          prefixes: ["+23326", "+23327", "+23356", "+23357"],
        },
        { network: "glo", name: "Glo", mcc: "620", mnc: "07", mncs: ["07"], prefixes: ["+23323"] },
        {
          network: "mtn",
          name: "MTN",
          mcc: "620",
          mnc: "01",
          mncs: ["01"],
          prefixes: ["+23324", "+23325", "+23353", "+23354", "+23355", "+23359"],
        },
        { network: "telecel", name: "Telecel", mcc: "620", mnc: "02", mncs: ["02"], prefixes: ["+23320", "+23350"] },
      ],
    });
    // Where no network is on record, the list is empty, never missing.
    expect(countries.find((c: { iso_code: string }) => c.iso_code === "TG").networks).toEqual([]);
    expect(countries.filter((c: { route: string }) => c.route === "africa_local")).toHaveLength(31);
    expect(countries.find((c: { iso_code: string }) => c.iso_code === "US")).toMatchObject({
      dialing_code: "+1",
      route: "global",
      sender_id_supported: false,
      default_sender: { type: "number", sender: "+15550001111" },
    });
    expect(routes.africa_local).toEqual({
      name: "africa_local",
      description: expect.any(String),
      sender_id: "Registered sender IDs supported",
      price_per_segment: { amount: 0.02, currency: "USD" },
      countries: 31,
    });
    expect(Object.keys(routes)).toEqual(["africa_local", "africa_regional", "global"]);
    // A route counts the countries Kasa sends to, as the docs and the staff console do.
    const all = await api("GET", "/api/v1/sms/countries?route=global");
    const covered = all.body.data.countries.filter((c: { supported: boolean }) => c.supported).length;
    expect(routes.global.countries).toBe(covered);
    expect(covered).toBeLessThan(all.body.data.total);
    // and a country it does not send to has no price.
    expect(
      all.body.data.countries.filter((c: { supported: boolean; price_per_segment: string | null }) => !c.supported),
    ).toEqual(expect.arrayContaining([expect.objectContaining({ price_per_segment: null })]));
    expect(
      all.body.data.countries.every(
        (c: { supported: boolean; price_per_segment: string | null }) => c.supported || c.price_per_segment === null,
      ),
    ).toBe(true);
  });

  it("filters by route and by name or dialing code", async () => {
    const regional = await api("GET", "/api/v1/sms/countries?route=africa_regional");
    expect(regional.body.data.countries.every((c: { route: string }) => c.route === "africa_regional")).toBe(true);
    expect(regional.body.data.total).toBe(regional.body.data.countries.length);
    const byName = await api("GET", "/api/v1/sms/countries?q=ghana");
    expect(byName.body.data.countries.map((c: { country: string }) => c.country)).toEqual(["Ghana"]);
    const byCode = await api("GET", `/api/v1/sms/countries?q=${encodeURIComponent("+254")}`);
    expect(byCode.body.data.countries.map((c: { country: string }) => c.country)).toEqual(["Kenya"]);
    const bad = await api("GET", "/api/v1/sms/countries?route=moon");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      code: "INVALID_REQUEST",
      errors: [expect.objectContaining({ loc: ["query", "route"] })],
    });
  });

  it("follows a route change made in the database, without a deploy", async () => {
    await db().country.update({ where: { iso2: "CV" }, data: { route: "africa_local" } });
    forgetCoverage();
    const res = await api("GET", "/api/v1/sms/countries?q=cabo");
    expect(res.body.data.countries[0]).toMatchObject({ iso_code: "CV", route: "africa_local" });
  });
});
