import { describe, expect, it } from "vitest";
import { pinClockForThisTest } from "../../../test/clock";
import { api, apiCustomer, withTwilio } from "../../../test/api";
import { FakeTwilio, message } from "../../../test/fake-twilio";

describe("GET /api/v1/balance", () => {
  it("shows the balance, the plan and the live counters of every service", async () => {
    const fake = await new FakeTwilio().start("AC00000000000000000000000000000000", "test-auth-token");
    fake.reply = (req) => ({ status: 201, body: message(req) });
    try {
      const c = await apiCustomer({ plan: "starter", balance: 3 });
      pinClockForThisTest(); // Pinned: the minute counter resets at the boundary
      await withTwilio(
        () => api("POST", "/api/v1/sms/send", { key: c.liveKey, body: { to: "+233241234567", message: "hi" } }),
        fake.url,
      );
      await api("POST", "/api/v1/sms/send", { key: c.testKey, body: { to: "+233241234567", message: "hi" } }); // test keys count nothing
      const res = await api("GET", "/api/v1/balance", { key: c.testKey });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ balance: 2.98, currency: "USD", plan: { id: "starter", name: "Starter" } });
      expect(res.body.data.usage.sms).toEqual({
        minute: { used: 1, limit: 50, remaining: 49, reset: expect.any(Number) },
        day: { used: 1, limit: 300, remaining: 299, reset: expect.any(Number) },
        month: { used: 1, limit: 300, remaining: 299, reset: expect.any(Number) },
      });
      expect(res.body.data.usage.email.day).toMatchObject({ used: 0, limit: 2000 });
    } finally {
      await fake.stop();
    }
  });
});
