import { describe, expect, it } from "vitest";
import { api, apiCustomer } from "../../../test/api";

// No airtime provider is configured in this file's process: a live key still gets the input checked first.
describe("airtime operators on a deployment without an airtime provider", () => {
  it("answers a bad phone number 400, with a live key as with a test key, before saying airtime is not set up", async () => {
    const c = await apiCustomer();
    for (const key of [c.liveKey, c.testKey]) {
      const bad = await api("GET", "/api/v1/airtime/operators?phone_number=abc", { key });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe("INVALID_PHONE_NUMBER");
    }
    const good = await api("GET", "/api/v1/airtime/operators?phone_number=%2B233201234561", { key: c.liveKey });
    expect(good.status).toBe(503);
    expect(good.body.error.code).toBe("SERVICE_UNAVAILABLE");
  });
});
