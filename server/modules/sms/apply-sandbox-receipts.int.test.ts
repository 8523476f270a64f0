import { describe, expect, it } from "vitest";
import { api, apiCustomer } from "../../../test/api";
import { db } from "../../db/client";
import { applySandboxReceipts } from "./apply-sandbox-receipts";

describe("sandbox delivery receipts (worker job)", () => {
  it("deliver due sandbox messages once, with one sms.delivered event each, and leave the rest alone", async () => {
    const c = await apiCustomer();
    const due = await api("POST", "/api/v1/sms/send", { key: c.testKey, body: { to: "+233241234567", message: "a" } });
    const notYet = await api("POST", "/api/v1/sms/send", {
      key: c.testKey,
      body: { to: "+233241234567", message: "b" },
    });
    await db().smsMessage.update({
      where: { id: due.body.data.transaction_id },
      data: { receiptDueAt: new Date(Date.now() - 1) },
    });
    await applySandboxReceipts();
    await applySandboxReceipts();
    expect((await db().smsMessage.findUniqueOrThrow({ where: { id: due.body.data.transaction_id } })).status).toBe(
      "delivered",
    );
    expect((await db().smsMessage.findUniqueOrThrow({ where: { id: notYet.body.data.transaction_id } })).status).toBe(
      "sent",
    );
    expect(
      await db().event.count({ where: { transactionId: due.body.data.transaction_id, event: "sms.delivered" } }),
    ).toBe(1);
  });
});
