// The Insights page (issue #43, point 4): messages sent through the API, their receipts in, then the page a customer
// reads: the delivered rate and volume charts, whose tooltips give the exact figure to the mouse and to the
// keyboard, the failure reasons with their advice, a table by network that filters the page through its URL, and
// the CSV export; at 1440 and 390 px with no serious axe finding.
import { expect, test } from "./fixtures";
import { auditPage } from "./audit-page";
import { createKeyInUi, signUp, snapBoth } from "./helpers";

test("insights: charts read with the mouse and the keyboard, reasons with advice, filters in the URL, CSV", async ({
  page,
}) => {
  const { accountId } = await signUp(page, undefined, "Insights Co");
  const key = await createKeyInUi(page, accountId, "Insights", "test");
  const headers = { authorization: `Bearer ${key}` };
  // Three to the sandbox's delivered number, one to its undelivered one: 75 % delivered.
  const ids: string[] = [];
  for (const to of ["+233200000001", "+233200000001", "+233241000002", "+233200000005"]) {
    const sent = await page.request.post("/api/v1/sms/send", { headers, data: { to, message: "Figures" } });
    expect(sent.status()).toBe(200);
    ids.push((await sent.json()).data.transaction_id);
  }
  for (const id of ids)
    await expect
      .poll(
        async () =>
          (await (await page.request.get(`/api/v1/sms/status?transaction_id=${id}`, { headers })).json()).data.status,
        { timeout: 30_000 },
      )
      .toMatch(/delivered|failed/);

  await page.goto(`/accounts/${accountId}/insights?channel=sms&days=7&mode=test`);
  await expect(page.getByRole("heading", { name: "Insights" })).toBeVisible();
  await expect(page.getByTestId("insights-total")).toHaveText("4");
  await expect(page.getByTestId("insights-rate")).toHaveText("75.0 %");
  const reasons = page.getByTestId("failure-reasons");
  await expect(reasons).toContainText("What to do:");
  await expect(page.getByTestId("breakdown-network")).toContainText("telecel");

  // The volume chart with the keyboard: its plain drawing takes focus, hands it to the interactive one, and the
  // arrow keys walk the days to today's bar.
  const volume = page.getByRole("region", { name: /Messages per day, by outcome/ });
  await volume.getByRole("group", { name: /read its exact figures with the arrow keys/ }).focus();
  const chart = volume.getByRole("application");
  await expect(chart).toBeFocused();
  for (let i = 0; i < 7; i++) await page.keyboard.press("ArrowRight");
  const tooltip = volume.locator(".recharts-tooltip-wrapper");
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText("Failed");
  await expect(tooltip).toContainText("Delivered");
  await expect(tooltip).toContainText("3");

  // The delivery-time histogram with the mouse: over the chart, the bar's exact count.
  const latency = page.getByRole("region", { name: /Time to delivered/ });
  await latency.getByRole("group", { name: /exact figures/ }).hover();
  const bar = latency.locator(".recharts-bar-rectangle path").first();
  await expect(bar).toBeVisible();
  await bar.hover();
  await expect(latency.locator(".recharts-tooltip-wrapper")).toContainText("Messages");
  await expect(latency.locator(".recharts-tooltip-wrapper")).toContainText("3");
  await page.mouse.move(0, 0);

  // The rate line reads the same way: today's point (the only day with messages) gives its exact rate.
  const rate = page.getByRole("region", { name: /Delivered rate per day/ });
  await rate.locator(".recharts-line-dots circle").last().hover();
  await expect(rate.locator(".recharts-tooltip-wrapper")).toContainText("75 %");

  await auditPage(page, "insights", { loaded: false });
  await snapBoth(page, "insights-sms");

  // On a phone too: the histogram's exact count with the keyboard.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const phoneLatency = page.getByRole("region", { name: /Time to delivered/ });
  await phoneLatency.getByRole("group", { name: /exact figures/ }).focus();
  await expect(phoneLatency.getByRole("application")).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(phoneLatency.locator(".recharts-tooltip-wrapper")).toContainText("Messages");
  await auditPage(page, "insights at 390 px", { loaded: false });
  await page.setViewportSize({ width: 1440, height: 900 });

  // A network's name filters the page, and the URL says so.
  await page.getByTestId("breakdown-network").getByRole("link", { name: "mtn" }).click();
  await expect(page).toHaveURL(/network=mtn/);
  await expect(page.getByTestId("insights-total")).toHaveText("1");
  await expect(page.getByTestId("insights-rate")).toHaveText("100.0 %");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("kasa-insights-sms-test-7d.csv");
  const csv = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(csv).toString()).toContain("summary,,1,1,delivered,1,1");
});
