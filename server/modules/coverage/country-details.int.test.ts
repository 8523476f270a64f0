// The Coverage page's country panel (docs/decisions.md, "URLs, guards and pages"): what it says must be what a send there does.
import { describe, expect, it } from "vitest";
import { api, apiCustomer } from "../../../test/api";
import { countSegments } from "../../lib/sms-segments";
import { parseAmount } from "../../lib/money";
import { countryDetails } from "./country-details";

describe("a country's coverage details", () => {
  it("give Ghana's route, its price as sms/send charges it, its sender, its promotional window and a valid number", async () => {
    const gh = await countryDetails("gh");
    expect(gh).toMatchObject({
      iso: "GH",
      name: "Ghana",
      dialingCode: "+233",
      route: "africa_local",
      supported: true,
      senderIdSupported: true,
      countryRules: [
        expect.objectContaining({ category: "promotional", window: "Mon–Sat, 08:00–19:00 (Africa/Accra)" }),
      ],
    });
    expect(gh.exampleNumber?.e164).toMatch(/^\+233\d{9}$/);

    // The example number is one sms/send takes, and a 161-character GSM-7 text is charged two segments at this price.
    const c = await apiCustomer();
    const message = "x".repeat(161);
    expect(countSegments(message)).toMatchObject({ encoding: "gsm7", segments: 2 });
    const sent = await api("POST", "/api/v1/sms/send", {
      key: c.testKey,
      body: { to: gh.exampleNumber!.e164, message },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.segments).toBe(2);
    expect(parseAmount(String(sent.body.data.price.amount))).toBe(parseAmount(gh.pricePerSegment!)! * 2n);
  });

  it("answer NOT_FOUND for a code that is no country", async () => {
    await expect(countryDetails("ZZ")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
