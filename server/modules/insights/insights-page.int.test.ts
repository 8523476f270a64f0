// The Insights page reads every view in one pass (GROUPING SETS): each must be what the API's own reading of that
// grouping answers, for messages sent through the API and their receipts.
import { describe, expect, it } from "vitest";
import { api, apiCustomer } from "../../../test/api";
import { useLocalSmsc } from "../../../test/use-local-smsc";
import { applySandboxReceipts } from "../sms/apply-sandbox-receipts";
import { insightsPage } from "./insights-page";
import { readAnalytics } from "./read-analytics";

useLocalSmsc();

describe("the Insights page's figures", () => {
  it("equal the API's reading of each grouping", async () => {
    const c = await apiCustomer({ balance: 5 });
    for (const to of ["+233200000001", "+233200000005", "+233241000002", "+233200000005"])
      expect((await api("POST", "/api/v1/sms/send", { key: c.testKey, body: { to, message: "Seen" } })).status).toBe(
        200,
      );
    await applySandboxReceipts({ limit: 1000, at: new Date(Date.now() + 60_000) });

    const page = await insightsPage({ accountId: c.accountId, mode: "test", channel: "sms", days: 7, filters: {} });
    const read = (groupBy: string) =>
      readAnalytics({
        accountId: c.accountId,
        mode: "test",
        channel: "sms",
        from: page.from,
        to: page.to,
        groupBy,
        filters: {},
      });
    expect(page.summary).toMatchObject({ total: 4, outcomes: { delivered: 2, failed: 2 } });
    expect(page.summary).toEqual((await read("day")).summary);
    expect(page.series).toEqual((await read("day")).groups);
    for (const dimension of ["country", "network", "sender"])
      expect(page.breakdowns.find((b) => b.dimension === dimension)!.groups).toEqual((await read(dimension)).groups);
    const reasons = (await read("reason")).groups;
    expect(reasons).toHaveLength(1);
    expect(page.reasons.map(({ explanation: _, ...group }) => group)).toEqual(reasons);
    expect(page.reasons[0]!.explanation.title).toBeTruthy();

    const mtn = await insightsPage({
      accountId: c.accountId,
      mode: "test",
      channel: "sms",
      days: 7,
      filters: { network: "mtn", domain: "ignored: sms has none" },
    });
    expect(mtn.summary).toMatchObject({ total: 1, outcomes: { delivered: 1 } });
  });
});
