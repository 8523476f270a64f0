// A local number in sms/send stays refused (SPEC 4.3: E.164 with +), and the refusal gives the number it can only
// mean: a Ghanaian mobile written 024..., or, once the account has texted Kenya, a Kenyan 07... (which alone is a
// mobile number in 17 countries).
import { describe, expect, it } from "vitest";
import { api, apiCustomer } from "../../../test/api";
import { db } from "../../db/client";

const SEND = "/api/v1/sms/send";

describe("a local number in sms/send", () => {
  it("is refused with the E.164 form when the digits are a mobile number of one country only, and nothing is sent", async () => {
    const c = await apiCustomer();
    const res = await api("POST", SEND, { key: c.testKey, body: { to: "024 123 4567", message: "Hi" } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: "INVALID_PHONE_NUMBER",
      suggestion: "+233241234567",
      message: expect.stringContaining("did you mean +233241234567 (Ghana)?"),
    });
    expect(await db().smsMessage.count({ where: { accountId: c.accountId } })).toBe(0);
  });

  it("gives no guess for digits that are a number in many countries, until the account's own country decides", async () => {
    const c = await apiCustomer();
    const ambiguous = await api("POST", SEND, { key: c.testKey, body: { to: "0712345678", message: "Hi" } });
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.error.code).toBe("INVALID_PHONE_NUMBER");
    expect(ambiguous.body.error.suggestion).toBeUndefined();

    expect((await api("POST", SEND, { key: c.testKey, body: { to: "+254712000001", message: "Hi" } })).status).toBe(
      200,
    );
    const kenyan = await api("POST", SEND, { key: c.testKey, body: { to: "0712345678", message: "Hi" } });
    expect(kenyan.body.error).toMatchObject({ code: "INVALID_PHONE_NUMBER", suggestion: "+254712345678" });
  });

  it("Verify's send gives the same help", async () => {
    const c = await apiCustomer();
    const res = await api("POST", "/api/v1/verify/send", { key: c.testKey, body: { to: "0241234567" } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "INVALID_PHONE_NUMBER", suggestion: "+233241234567" });
  });
});
