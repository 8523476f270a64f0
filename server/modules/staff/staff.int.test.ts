import { describe, expect, it } from "vitest";
import { api, apiCustomer } from "../../../test/api";
import { useLocalSmsc } from "../../../test/use-local-smsc";
import { waitUntil } from "../../../test/wait-until";
import { db } from "../../db/client";
import { flushRequestLog } from "../requestlog/request-log-buffer";
import { registerSenderId } from "../senders/register-sender-id";
import { staffSearch } from "./staff-search";
import { transactionTimeline } from "./transaction-timeline";
import { adjustBalance } from "./adjust-balance";
import { decideSenderIdAsStaff } from "./decide-sender-id-as-staff";
import { refundTransaction } from "./refund-transaction";

const smsc = useLocalSmsc();
const staff = { id: "usr_staff", email: "sam@kasa.test" };

async function liveSms(to: string, reference = "order-77") {
  const c = await apiCustomer({ balance: 5 });
  const res = await api("POST", "/api/v1/sms/send", { key: c.liveKey, body: { to, message: "Shipped", reference } });
  expect(res.status).toBe(200);
  await flushRequestLog();
  return { ...c, id: res.body.data.transaction_id as string, carrierId: res.body.data.message_id as string };
}

describe("staff search", () => {
  it("finds an SMS by its id, its carrier message id, its reference and its phone number in any common form", async () => {
    const sms = await liveSms("+233245551234", `ref-${Date.now()}`);
    const row = await db().smsMessage.findUniqueOrThrow({ where: { id: sms.id } });
    for (const q of [sms.id, sms.carrierId, row.reference!, "+233245551234", "0245551234", "233 24 555 1234"]) {
      expect(
        (await staffSearch(q)).transactions.map((t) => t.id),
        q,
      ).toContain(sms.id);
    }
    const account = await db().account.findUniqueOrThrow({ where: { id: sms.accountId } });
    expect((await staffSearch(account.name)).accounts.map((a) => a.id)).toContain(sms.accountId);
    expect(await staffSearch("ab")).toEqual({ transactions: [], accounts: [], requests: [] });
  });

  it("finds a request by the X-Request-Id it was answered with, and through it the transaction and account", async () => {
    const c = await apiCustomer({ balance: 5 });
    const res = await api("POST", "/api/v1/sms/send", {
      key: c.liveKey,
      body: { to: "+233245551235", message: "Shipped" },
    });
    const requestId = res.headers.get("x-request-id")!;
    expect(requestId).toMatch(/^req_[0-9A-Za-z]{24}$/);
    await flushRequestLog();
    const found = await staffSearch(requestId);
    expect(found.requests).toEqual([
      expect.objectContaining({
        requestId,
        method: "POST",
        path: "/api/v1/sms/send",
        status: 200,
        accountId: c.accountId,
        transactionId: res.body.data.transaction_id,
      }),
    ]);
  });
});

describe("the transaction timeline", () => {
  it("puts the request, the ledger, the carrier attempt, the receipt and the events in order", async () => {
    const sms = await liveSms("+233245551235");
    await smsc.receipt(sms.carrierId, "DELIVRD");
    await waitUntil(
      async () => (await db().smsMessage.findUniqueOrThrow({ where: { id: sms.id } })).status === "delivered",
      "the receipt",
      { timeoutMs: 1_000 },
    );
    const t = await transactionTimeline(sms.id);
    expect(t).toMatchObject({ kind: "sms", status: "delivered", accountId: sms.accountId, refundable: true });
    const titles = t.timeline.map((i) => `${i.source}: ${i.title}`);
    expect(titles[0]).toMatch(/^request: POST \/api\/v1\/sms\/send → 200/);
    expect(titles).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ledger: reserve/),
        expect.stringMatching(/^ledger: capture/),
        "carrier: carrier local: accepted",
        expect.stringMatching(/^receipt: part 1 .*delivered/),
        "event: sms.sent",
        "event: sms.delivered",
      ]),
    );
    await expect(transactionTimeline("sms_nope_nope")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("staff actions", () => {
  it("refund a charged transaction once, credit and debit with a reason, approve a sender ID, and audit each", async () => {
    const sms = await liveSms("+233245551236");
    const before = (await db().account.findUniqueOrThrow({ where: { id: sms.accountId } })).balanceMicros;
    await expect(refundTransaction(staff, { transactionId: sms.id, reason: "" })).rejects.toMatchObject({
      code: "INVALID_REQUEST",
    });
    expect(await refundTransaction(staff, { transactionId: sms.id, reason: "Carrier delivered late" })).toEqual({
      refunded: expect.any(Number),
    });
    await expect(refundTransaction(staff, { transactionId: sms.id, reason: "again" })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    const afterRefund = (await db().account.findUniqueOrThrow({ where: { id: sms.accountId } })).balanceMicros;
    expect(afterRefund).toBeGreaterThan(before);

    expect(await adjustBalance(staff, { accountId: sms.accountId, amount: 2.5, reason: "Goodwill" })).toMatchObject({
      balance: Number(afterRefund + 2_500_000n) / 1e6,
    });
    await expect(
      adjustBalance(staff, { accountId: sms.accountId, amount: -1000, reason: "Too much" }),
    ).rejects.toMatchObject({ code: "INSUFFICIENT_BALANCE" });
    await adjustBalance(staff, { accountId: sms.accountId, amount: -1, reason: "Chargeback" });
    const kinds = (
      await db().ledgerEntry.findMany({ where: { accountId: sms.accountId }, orderBy: { id: "asc" } })
    ).map((l) => `${l.kind}:${l.actor}`);
    expect(kinds.slice(-3)).toEqual([
      "refund:staff:sam@kasa.test",
      "credit:staff:sam@kasa.test",
      "debit:staff:sam@kasa.test",
    ]);

    const c = await apiCustomer();
    const sender = await registerSenderId({ accountId: c.accountId, name: "Approvable", countryIso: "GH" });
    expect(
      await decideSenderIdAsStaff(staff, { id: sender.id, status: "approved", reason: "Documents checked" }),
    ).toMatchObject({ status: "approved", decision_note: "Documents checked" });

    const audit = await db().auditEvent.findMany({
      where: { actor: "staff:sam@kasa.test", accountId: { in: [sms.accountId, c.accountId] } },
      orderBy: { id: "asc" },
    });
    expect(audit.map((a) => [a.action, a.reason])).toEqual([
      ["transaction.refund", "Carrier delivered late"],
      ["balance.credit", "Goodwill"],
      ["balance.debit", "Chargeback"],
      ["sender_id.approve", "Documents checked"],
    ]);
  });
});

describe("country rules from the console", () => {
  it("are set, edited and removed as data, with a reason, and bite on the next send's check", async () => {
    const { setCountryRule, removeCountryRule } = await import("../coverage/set-country-rule");
    const { closedWindow } = await import("../sms/country-window");
    const actor = `staff:${staff.email}`;
    const monday = new Date("2026-11-23T12:00:00Z");
    const rule = {
      countryIso: "ng",
      category: "promotional" as const,
      days: [0, 2, 3, 4, 5, 6],
      opensMinute: null,
      closesMinute: null,
      timeZone: "Africa/Lagos",
      description: "No promotions on Mondays in Nigeria",
    };
    expect(await closedWindow({ countryIso: "NG", category: "promotional", at: monday })).toBeNull();
    await setCountryRule({ rule, actor, reason: "Regulator notice 12" });
    // Monday in Lagos: waits for Tuesday 00:00 local (23:00 UTC).
    expect(await closedWindow({ countryIso: "NG", category: "promotional", at: monday })).toEqual({
      description: "No promotions on Mondays in Nigeria",
      opensAt: new Date("2026-11-23T23:00:00Z"),
    });
    // Edited in place: one rule per country and category, now 09:00-17:00 every day.
    await setCountryRule({
      rule: { ...rule, days: [0, 1, 2, 3, 4, 5, 6], opensMinute: 540, closesMinute: 1020, description: "" },
      actor,
      reason: "Notice 13",
    });
    expect(await db().countryRule.findMany({ where: { countryIso: "NG" } })).toEqual([
      expect.objectContaining({ description: "promotional SMS to NG: every day, 09:00–17:00 (Africa/Lagos)" }),
    ]);
    expect(await closedWindow({ countryIso: "NG", category: "promotional", at: monday })).toBeNull();
    for (const bad of [
      { ...rule, days: [] },
      { ...rule, days: [7] },
      { ...rule, timeZone: "Mars/Olympus" },
      { ...rule, opensMinute: 540, closesMinute: null },
      { ...rule, opensMinute: 540, closesMinute: 540 },
      { ...rule, opensMinute: 1440, closesMinute: 60 },
    ])
      await expect(setCountryRule({ rule: bad, actor, reason: "test" }), JSON.stringify(bad)).rejects.toMatchObject({
        code: "INVALID_REQUEST",
      });
    await expect(setCountryRule({ rule: { ...rule, countryIso: "QQ" }, actor })).rejects.toMatchObject({
      code: "INVALID_COUNTRY",
    });
    await removeCountryRule({ countryIso: "NG", category: "promotional", actor, reason: "Notice withdrawn" });
    expect(await closedWindow({ countryIso: "NG", category: "promotional", at: monday })).toBeNull();
    expect(
      (await db().auditEvent.findMany({ where: { target: "NG/promotional" }, orderBy: { id: "asc" } })).map((a) => [
        a.action,
        a.reason,
      ]),
    ).toEqual([
      ["country_rule.add", "Regulator notice 12"],
      ["country_rule.update", "Notice 13"],
      ["country_rule.remove", "Notice withdrawn"],
    ]);
  });
});
