import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCustomer } from "../../../test/api";
import { FakePaystack } from "../../../test/fake-paystack";
import { db } from "../../db/client";
import { handlePaystackWebhook } from "../../http/callbacks/paystack-webhook";
import { sandboxPaymentsEnabled, startPayment } from "./start-payment";
import { confirmPayment } from "./confirm-payment";
import { configure, ConfigError, parseConfig } from "../../config/config";
import { withConfig } from "../../../test/config";

const paystack = new FakePaystack("sk_test_kasa_only");
let restore = () => {};
beforeAll(async () => {
  await paystack.start();
  restore = configure({ PAYSTACK_SECRET_KEY: "sk_test_kasa_only", PAYSTACK_API_URL: paystack.url });
});
afterAll(async () => {
  restore();
  await paystack.stop();
});

const webhook = (body: string, signature: string | null) =>
  handlePaystackWebhook(
    new Request("http://kasa.test/api/payments/paystack/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", ...(signature ? { "x-paystack-signature": signature } : {}) },
      body,
    }),
  );
const balance = async (accountId: string) =>
  (await db().account.findUniqueOrThrow({ where: { id: accountId } })).balanceMicros;

describe("balance top-up through Paystack", () => {
  it("initializes a checkout, and a charge.success webhook delivered 10 times credits the balance once", async () => {
    const c = await apiCustomer();
    const started = await startPayment({
      accountId: c.accountId,
      amount: 25.5,
      email: "owner@example.com",
      actor: "usr_test",
    });
    expect(started).toMatchObject({
      provider: "paystack",
      checkoutUrl: `https://checkout.paystack.test/${started.id}`,
    });
    expect(paystack.transactions.get(started.id)).toMatchObject({
      amount: 2550,
      currency: "USD",
      email: "owner@example.com",
    });
    expect(await balance(c.accountId)).toBe(0n);

    paystack.pay(started.id);
    const { body, signature } = paystack.chargeSuccess(started.id);
    for (let i = 0; i < 10; i++) expect((await webhook(body, signature)).status).toBe(200);
    expect(await balance(c.accountId)).toBe(25_500_000n);
    const credits = await db().ledgerEntry.findMany({ where: { accountId: c.accountId, kind: "credit" } });
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({
      transactionId: started.id,
      amountMicros: 25_500_000n,
      balanceAfterMicros: 25_500_000n,
    });
    expect(await db().payment.findUniqueOrThrow({ where: { id: started.id } })).toMatchObject({
      status: "success",
      paidAt: expect.any(Date),
    });
  });

  it("a bad or missing signature answers 401 and credits nothing; a charge Paystack does not confirm credits nothing", async () => {
    const c = await apiCustomer();
    const started = await startPayment({
      accountId: c.accountId,
      amount: 10,
      email: "owner@example.com",
      actor: "usr_test",
    });
    paystack.pay(started.id);
    const { body, signature } = paystack.chargeSuccess(started.id);
    expect(
      (
        await webhook(
          body,
          signature.replace(/^./, (ch) => (ch === "a" ? "b" : "a")),
        )
      ).status,
    ).toBe(401);
    expect((await webhook(body, null)).status).toBe(401);
    expect((await webhook(body.replace("1000", "9999999"), signature)).status).toBe(401);
    expect(await balance(c.accountId)).toBe(0n);

    // Signed, but Paystack's own record says it is still pending: nothing moves.
    const other = await startPayment({
      accountId: c.accountId,
      amount: 10,
      email: "owner@example.com",
      actor: "usr_test",
    });
    const unpaid = paystack.chargeSuccess(other.id);
    expect((await webhook(unpaid.body, unpaid.signature)).status).toBe(200);
    expect(await balance(c.accountId)).toBe(0n);
  });

  it("refuses amounts out of range, and a second confirmation of one payment changes nothing", async () => {
    const c = await apiCustomer();
    for (const amount of [0, -5, 0.5, 10_001, 10.001])
      await expect(
        startPayment({ accountId: c.accountId, amount, email: "o@example.com", actor: "u" }),
      ).rejects.toMatchObject({ code: "INVALID_AMOUNT" });
    expect(await db().payment.count({ where: { accountId: c.accountId } })).toBe(0);
    const started = await startPayment({ accountId: c.accountId, amount: 5, email: "o@example.com", actor: "u" });
    const confirm = () =>
      confirmPayment({ provider: "paystack", reference: started.id, paidMicros: 5_000_000n, currency: "USD" });
    expect(await Promise.all([confirm(), confirm(), confirm()])).toEqual(
      expect.arrayContaining(["credited", "already"]),
    );
    expect(await balance(c.accountId)).toBe(5_000_000n);
  });
});

describe("the sandbox checkout (free money)", () => {
  it("is off unless KASA_SANDBOX_PAYMENTS=on says otherwise: a deployment that forgot NODE_ENV does not hand out credit", async () => {
    expect(sandboxPaymentsEnabled()).toBe(false);
    expect(await withConfig({ NODE_ENV: "development" }, async () => sandboxPaymentsEnabled())).toBe(false);
    // Anything but on or off stops the process at start instead of being read as either.
    expect(() => parseConfig({ NODE_ENV: "production", KASA_SANDBOX_PAYMENTS: "yes" })).toThrow(ConfigError);
    expect(await withConfig({ KASA_SANDBOX_PAYMENTS: "on" }, async () => sandboxPaymentsEnabled())).toBe(true);
  });
});
