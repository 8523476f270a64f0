// The Insights page reads every view in one pass: each must be what the API's own reading of that grouping answers,
// for messages sent through the API and their receipts; and a busy account's delivery views must answer what its
// counters do, folded or not, and be rebuilt from them when they do not.
import { describe, expect, it } from "vitest";
import { api, apiCustomer } from "../../../test/api";
import { sql } from "../../db/client";
import { useLocalSmsc } from "../../../test/use-local-smsc";
import { applySandboxReceipts } from "../sms/apply-sandbox-receipts";
import { insightsPage } from "./insights-page";
import { readAnalytics } from "./read-analytics";
import { foldDeliveryCounts } from "./fold-delivery-counts";
import { enableDeliveryViews } from "./enable-delivery-views";
import { checkDeliveryViews, viewsMismatches } from "./check-delivery-views";
import { INSIGHT_PERIODS } from "./delivery-dimensions";

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

describe("a busy account's delivery views", () => {
  it("answer every page and reading as its counters do, before and after a fold", async () => {
    const c = await apiCustomer({ balance: 5 });
    const send = async (numbers: string[]) => {
      for (const to of numbers)
        expect((await api("POST", "/api/v1/sms/send", { key: c.testKey, body: { to, message: "Hi" } })).status).toBe(
          200,
        );
      await applySandboxReceipts({ limit: 1000, at: new Date(Date.now() + 60_000) });
    };
    await send(["+233200000001", "+233200000005", "+233241000002", "+2348031234567"]);
    await foldDeliveryCounts();
    // Two more whose counters wait in the deltas: the views read them there too.
    await send(["+233241000003", "+233200000005"]);

    const everything = async () => {
      const pages = [];
      for (const days of INSIGHT_PERIODS)
        for (const filters of [{}, { network: "mtn" }, { country: "GH" }, { sender: "Kasa" }])
          pages.push(await insightsPage({ accountId: c.accountId, mode: "test", channel: "sms", days, filters }));
      const readings = [];
      for (const groupBy of ["day", "hour", "country", "network", "route", "carrier", "sender", "broadcast", "reason"])
        readings.push(
          await readAnalytics({ accountId: c.accountId, mode: "test", channel: "sms", groupBy, filters: {} }),
          await readAnalytics({
            accountId: c.accountId,
            mode: "test",
            channel: "sms",
            groupBy,
            filters: { network: "telecel" },
          }),
        );
      // By the hour over the last day: the hour spans.
      readings.push(
        await readAnalytics({
          accountId: c.accountId,
          mode: "test",
          channel: "sms",
          groupBy: "hour",
          from: new Date(Date.now() - 86_400_000).toISOString(),
          filters: {},
        }),
      );
      return { pages, readings };
    };
    const fromCounters = await everything();
    expect(fromCounters.pages[4]!.summary.total).toBe(6);

    expect(await enableDeliveryViews(c.accountId)).toBe(true);
    expect(await enableDeliveryViews(c.accountId)).toBe(false);
    expect(await everything()).toEqual(fromCounters);
    await foldDeliveryCounts();
    expect(await everything()).toEqual(fromCounters);
    // And it is the views that answered: one more in each of their totals shows on the page.
    await sql().query(
      `UPDATE delivery_views SET value = value + 1
       WHERE account_id = $1 AND slice = '' AND dimension = '' AND outcome = 'delivered'`,
      [c.accountId],
    );
    const week = await insightsPage({ accountId: c.accountId, mode: "test", channel: "sms", days: 7, filters: {} });
    expect(week.summary.total).toBeGreaterThan(6);

    // The worker's check finds the views off their counters and rebuilds them: the pages agree again.
    expect(await viewsMismatches(c.accountId)).toBeGreaterThan(0);
    expect(await checkDeliveryViews()).toBe(1);
    expect(await viewsMismatches(c.accountId)).toBe(0);
    expect(await everything()).toEqual(fromCounters);
    expect(await checkDeliveryViews()).toBe(0);
  });
});
