// A carrier that cannot be reached once put our own network in the answer
// ("connect ECONNREFUSED 10.0.3.7:2775"). Customers get what happened, not
// where; staff still read the whole text on the message.
import { describe, expect, it } from "vitest";
import { api, apiCustomer, withTwilio } from "../../test/api";
import { db } from "../db/client";

describe("error text a customer sees", () => {
  it("names no internal address when the carrier is unreachable; the stored message keeps it for staff", async () => {
    const c = await apiCustomer({ balance: 1 });
    const sent = await withTwilio(() =>
      api("POST", "/api/v1/sms/send", { key: c.liveKey, body: { to: "+14155550100", message: "hello" } }),
    );
    expect(sent.status).toBe(503);
    expect(sent.body.error.code).toBe("SMS_SEND_FAILED");
    expect(JSON.stringify(sent.body)).not.toMatch(/127\.0\.0\.1|:9\b/);
    const status = await api("GET", `/api/v1/sms/status?transaction_id=${sent.body.error.transaction_id}`, {
      key: c.liveKey,
    });
    expect(JSON.stringify(status.body)).not.toContain("127.0.0.1");
    const stored = await db().smsMessage.findUniqueOrThrow({ where: { id: sent.body.error.transaction_id } });
    expect(stored.errorMessage).toContain("127.0.0.1");
  });
});
