import { describe, expect, it } from "vitest";
import { useLocalSmsc } from "../../../test/use-local-smsc";
import { api, apiCustomer } from "../../../test/api";
import { db, sql } from "../../db/client";
import { setLowBalanceThreshold } from "./set-low-balance-threshold";
import { ledgerStatementCsv } from "./ledger-statement";
import { creditBalance } from "./credit-balance";

useLocalSmsc();

describe("balance.low", () => {
  it("is raised once when a charge takes the balance under the threshold, and again only after it went back above", async () => {
    // Priced so that the first send stays above 0.05 and the second goes under.
    const route = (await db().country.findUniqueOrThrow({ where: { iso2: "GH" } })).route;
    const price = Number((await db().smsPrice.findUniqueOrThrow({ where: { route } })).pricePerSegmentMicros) / 1e6;
    const c = await apiCustomer({ balance: 0.05 + price * 1.5 });
    await setLowBalanceThreshold({ accountId: c.accountId, threshold: 0.05 });
    const send = () =>
      api("POST", "/api/v1/sms/send", { key: c.liveKey, body: { to: "+233200000001", message: "spend" } });
    const lows = () => db().event.count({ where: { accountId: c.accountId, event: "balance.low" } });
    expect((await send()).status).toBe(200); // still above the threshold
    expect(await lows()).toBe(0);
    expect((await send()).status).toBe(200); // crosses it
    expect(await lows()).toBe(1);
    const event = await db().event.findFirstOrThrow({ where: { accountId: c.accountId, event: "balance.low" } });
    expect(event.data).toMatchObject({ type: "balance", status: "low", threshold: 0.05, currency: "USD" });
    await creditBalance({ accountId: c.accountId, amountMicros: 1_000n, reason: "test", actor: "test" }); // still under: no new event
    expect(await lows()).toBe(1);
    await creditBalance({
      accountId: c.accountId,
      amountMicros: BigInt(Math.round(price * 1e6)),
      reason: "test",
      actor: "test",
    }); // back above
    expect((await send()).status).toBe(200); // and under again
    expect(await lows()).toBe(2);
    await expect(setLowBalanceThreshold({ accountId: c.accountId, threshold: -1 })).rejects.toMatchObject({
      code: "INVALID_AMOUNT",
    });
  });
});

describe("monthly statements", () => {
  it("list the month's entries between opening and closing balances, and defuse spreadsheet formulas", async () => {
    const c = await apiCustomer();
    await creditBalance({
      accountId: c.accountId,
      amountMicros: 5_000_000n,
      reason: '=HYPERLINK("x"), "quoted"',
      actor: "test",
    });
    for (const reason of ["\t=cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0"])
      await creditBalance({ accountId: c.accountId, amountMicros: 1_000_000n, reason, actor: "test" });
    const month = new Date().toISOString().slice(0, 7);
    const { csv, filename } = await ledgerStatementCsv({ accountId: c.accountId, month });
    expect(filename).toBe(`kasa-statement-${c.accountId}-${month}.csv`);
    const lines = csv.trimEnd().split("\r\n");
    expect(lines).toHaveLength(6);
    expect(lines[1]).toContain(",opening_balance,,0.00,USD,");
    expect(lines[2]).toContain(`,credit,5.00,5.00,USD,"'=HYPERLINK(""x""), ""quoted""",`);
    // A leading tab and a leading minus that is not a number are defused too.
    expect(lines[3]).toContain(",credit,1.00,6.00,USD,'\t=cmd|' /C calc'!A0,");
    expect(lines[4]).toContain(",credit,1.00,7.00,USD,'-2+3+cmd|' /C calc'!A0,");
    expect(lines[5]).toContain(",closing_balance,,7.00,USD,,");
    await expect(ledgerStatementCsv({ accountId: c.accountId, month: "2026-13" })).rejects.toMatchObject({
      code: "INVALID_REQUEST",
    });
  });

  it("open on the balance the month before closed on", async () => {
    const c = await apiCustomer();
    for (const amountMicros of [5_000_000n, 2_000_000n])
      await creditBalance({ accountId: c.accountId, amountMicros, reason: "top-up", actor: "test" });
    // The first credit was made the day before this month began.
    await sql().query(
      `UPDATE ledger_entries SET created_at = date_trunc('month', now()) - interval '1 day'
       WHERE account_id = $1 AND amount_micros = 5000000`,
      [c.accountId],
    );
    const { csv } = await ledgerStatementCsv({ accountId: c.accountId, month: new Date().toISOString().slice(0, 7) });
    const lines = csv.trimEnd().split("\r\n");
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(",opening_balance,,5.00,USD,");
    expect(lines[2]).toContain(",credit,2.00,7.00,USD,top-up,");
    expect(lines[3]).toContain(",closing_balance,,7.00,USD,,");
  });
});
