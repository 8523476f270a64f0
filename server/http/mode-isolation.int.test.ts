// A test key is the one that leaks (CI logs, laptops, front-end code): it
// must not read live recipients, subjects or replies. Each mode sees only its
// own transactions, and the other mode's are answered like unknown ids.
import { describe, expect, it } from "vitest";
import { api, apiCustomer } from "../../test/api";
import { storedSms } from "../../test/sms-rows";
import { db } from "../db/client";

describe("test and live keys", () => {
  it("each read only their own mode's transactions; the other mode's are 404 NOT_FOUND", async () => {
    const c = await apiCustomer({ balance: 1 });
    const liveSms = await storedSms({ accountId: c.accountId, apiKeyId: c.liveKeyId, to: "+233245550201" });
    const testSms = (
      await api("POST", "/api/v1/sms/send", { key: c.testKey, body: { to: "+233241234567", message: "t" } })
    ).body.data.transaction_id;
    const status = (key: string, id: string) => api("GET", `/api/v1/sms/status?transaction_id=${id}`, { key });

    expect((await status(c.liveKey, liveSms)).status).toBe(200);
    expect((await status(c.testKey, testSms)).status).toBe(200);
    const leaked = await status(c.testKey, liveSms);
    expect(leaked.status).toBe(404);
    expect(leaked.body.error.code).toBe("NOT_FOUND");
    expect(JSON.stringify(leaked.body)).not.toContain("+233245550201");
    expect((await status(c.liveKey, testSms)).status).toBe(404);

    // Email and top-ups follow the same rule.
    const email = await db().emailMessage.create({
      data: {
        id: `eml_${liveSms.slice(4, 20)}`,
        transactionId: liveSms.replace(/^sms_/, "email_"),
        accountId: c.accountId,
        apiKeyId: c.liveKeyId,
        mode: "live",
        sender: "news@example.com",
        toAddresses: ["secret-customer@example.org"],
        ccAddresses: [],
        bccAddresses: [],
        subject: "Your invoice",
        recipients: 1,
        status: "sent",
        priceMicros: 1_000n,
        currency: "USD",
      },
    });
    const emailStatus = (key: string) =>
      api("GET", `/api/v1/email/status?transaction_id=${email.transactionId}`, { key });
    expect((await emailStatus(c.liveKey)).status).toBe(200);
    expect((await emailStatus(c.testKey)).status).toBe(404);
  });
});
