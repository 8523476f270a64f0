import { describe, expect, it } from "vitest";
import { checkContentRules } from "./check-content-rules";

// 2026-11-22 is a Sunday; Accra is on UTC all year.
const SUNDAY_NOON = new Date("2026-11-22T12:00:00Z");
const MONDAY_EARLY = new Date("2026-11-23T00:30:00Z");
const SATURDAY_LATE = new Date("2026-11-21T23:30:00Z");

describe("country content rules (data, not code)", () => {
  it("refuse promotional SMS to Ghana on a Sunday, local time, and nothing else", async () => {
    await expect(
      checkContentRules({ countryIso: "GH", category: "promotional", at: SUNDAY_NOON }),
    ).rejects.toMatchObject({
      code: "SMS_SEND_FAILED",
      status: 400,
      context: { reason: "content_rule", rule: "gh_no_promotional_sunday" },
    });
    await expect(
      checkContentRules({ countryIso: "GH", category: "transactional", at: SUNDAY_NOON }),
    ).resolves.toBeUndefined();
    await expect(
      checkContentRules({ countryIso: "GH", category: "promotional", at: MONDAY_EARLY }),
    ).resolves.toBeUndefined();
    await expect(
      checkContentRules({ countryIso: "GH", category: "promotional", at: SATURDAY_LATE }),
    ).resolves.toBeUndefined();
    await expect(
      checkContentRules({ countryIso: "NG", category: "promotional", at: SUNDAY_NOON }),
    ).resolves.toBeUndefined();
  });
});
