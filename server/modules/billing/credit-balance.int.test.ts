import { describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { creditBalance } from "./credit-balance";
import { signedUpCustomer } from "../../../test/factories";

describe("balance credits", () => {
  it("move the balance and write a ledger entry with the balance after", async () => {
    const { accountId } = await signedUpCustomer();
    await creditBalance({ accountId, amountMicros: 10_000_000n, reason: "Top-up", actor: "cli" });
    const second = await creditBalance({ accountId, amountMicros: 2_500_000n, reason: "Goodwill", actor: "cli" });
    expect(second.balanceMicros).toBe(12_500_000n);
    const ledger = await db().ledgerEntry.findMany({ where: { accountId }, orderBy: { id: "asc" } });
    expect(ledger.map((e) => [e.kind, e.amountMicros, e.balanceAfterMicros, e.reason])).toEqual([
      ["credit", 10_000_000n, 10_000_000n, "Top-up"],
      ["credit", 2_500_000n, 12_500_000n, "Goodwill"],
    ]);
  });

  it("add up exactly under concurrency", async () => {
    const { accountId } = await signedUpCustomer();
    await Promise.all(
      Array.from({ length: 40 }, () =>
        creditBalance({ accountId, amountMicros: 250_000n, reason: "Race", actor: "test" }),
      ),
    );
    const account = await db().account.findUniqueOrThrow({ where: { id: accountId } });
    const sum = await db().ledgerEntry.aggregate({ where: { accountId }, _sum: { amountMicros: true } });
    expect(account.balanceMicros).toBe(10_000_000n);
    expect(sum._sum.amountMicros).toBe(10_000_000n);
  });

  it("refuse a non-positive amount or an unknown account and write nothing", async () => {
    const { accountId } = await signedUpCustomer();
    await expect(creditBalance({ accountId, amountMicros: 0n, reason: "x", actor: "t" })).rejects.toMatchObject({
      code: "INVALID_AMOUNT",
    });
    await expect(
      creditBalance({ accountId: "acct_nope", amountMicros: 1n, reason: "x", actor: "t" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await db().ledgerEntry.count({ where: { accountId } })).toBe(0);
  });

  it("can never take a balance below zero: the database refuses it", async () => {
    const { accountId } = await signedUpCustomer();
    await expect(
      db().$executeRaw`UPDATE accounts SET balance_micros = balance_micros - 1 WHERE id = ${accountId}`,
    ).rejects.toThrow(/accounts_balance_non_negative/);
  });
});
