import { expect, test } from "./fixtures";
import { DATE_ONLY } from "../components/ui/format-time";
import { E2E } from "../playwright.config";
import { admin, createKeyInUi, expectOnScreenAcross, signUp, snap, verifyEmailByMail } from "./helpers";

test("API calls made with the customer's keys show up in the request log, usage and balance", async ({
  page,
  request,
}) => {
  const { accountId, email } = await signUp(page, undefined, "Request Co");
  await verifyEmailByMail(page, email);
  const testKey = await createKeyInUi(page, accountId, "Sandbox", "test");
  const liveKey = await createKeyInUi(page, accountId, "Production", "live");
  expect(
    admin("balance", "credit", "--account", accountId, "--amount", "1.00", "--reason", "e2e top-up"),
  ).toMatchObject({ balance: 1 });

  const send = (key: string, data: object) =>
    request.post("/api/v1/sms/send", { headers: { authorization: `Bearer ${key}` }, data });
  const sandbox = await send(testKey, { to: "+233241234567", message: "Sandbox hello" });
  expect(sandbox.status()).toBe(200);
  const live = await send(liveKey, { to: "+14155550100", message: "Live hello", idempotency_key: "e2e-1" });
  expect(live.status()).toBe(200);
  expect((await live.json()).data).toMatchObject({ provider: "twilio", price: { amount: 0.05, currency: "USD" } });
  expect(live.headers()["x-ratelimit-limit"]).toBe("5");
  const replay = await send(liveKey, { to: "+14155550100", message: "Live hello", idempotency_key: "e2e-1" });
  expect(replay.headers()["x-idempotent-replay"]).toBe("true");
  const bad = await send(liveKey, { to: "12345", message: "x" });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error.docs_url).toBe(`http://127.0.0.1:${E2E.PORT}/docs/errors#client-error-codes`);
  const unknown = await request.get("/api/v1/nope", { headers: { authorization: `Bearer ${testKey}` } });
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toMatchObject({ success: false, error: { code: "NOT_FOUND" } });

  await page.goto(`/accounts/${accountId}/requests`);
  // How far back the log goes is said where the log is read.
  await expect(page.getByText(/newest first, kept for 90 days/)).toBeVisible();
  const rows = page.getByTestId("request-row");
  // A request whose key is known is the account's, also when it reached no endpoint. Lines are written in batches
  // after the answers, so on a crowded machine the page may load before the last one: reload, as a person would.
  await expect(async () => {
    await page.reload();
    await expect(rows).toHaveCount(5, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(rows.first()).toContainText("NOT_FOUND");
  await expect(rows.nth(1)).toContainText("INVALID_PHONE_NUMBER");
  await expect(rows.nth(2)).toContainText("replay");
  await snap(page, "request-log");
  const filters = page.getByRole("form", { name: "Filter requests" });
  // Dates are typed the way every page shows them, ISO 8601 in UTC, never in the browser's locale.
  const today = new Date().toISOString().slice(0, 10);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await filters.getByLabel(/^From/).fill("11/23/2026");
  await expect(filters.getByText("Write it as YYYY-MM-DD")).toBeVisible();
  await filters.getByLabel(/^From/).fill(tomorrow);
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(rows).toHaveCount(0);
  await filters.getByLabel(/^From/).fill(today);
  await filters.getByLabel(/^To/).fill(today);
  await expect(filters.getByText(DATE_ONLY.format(new Date(`${today}T00:00:00Z`))).first()).toBeVisible();
  await filters.getByLabel("Status").selectOption("4xx");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(rows).toHaveCount(2);
  await rows.nth(1).click();
  const detail = page.getByRole("region", { name: "Request detail" });
  await expect(detail).toContainText("POST /api/v1/sms/send");
  await expect(detail).toContainText("INVALID_PHONE_NUMBER");
  await snap(page, "request-log-detail");

  await page.goto(`/accounts/${accountId}/usage`);
  const sms = page.getByTestId("usage-sms");
  // The day window, not the minute: this test can cross a minute boundary between the send and the page.
  await expect(sms.getByRole("meter", { name: "Today usage" })).toHaveAttribute("aria-valuenow", "1");
  await expect(sms).toContainText("1 / 50");
  // The chart, as a screen reader meets it: an image named by its summary, and its numbers as a table.
  await expect(
    page.getByRole("figure", { name: /^SMS requests per day, last 30 days \(UTC\): 1 in all, at most 1 on / }),
  ).toBeAttached();
  const numbers = page.getByRole("table", { name: "SMS requests per day, last 30 days (UTC)" });
  await expect(numbers.getByRole("row")).toHaveCount(31);
  await expect(numbers.getByRole("row", { name: today })).toContainText("1");
  await snap(page, "usage");

  await page.goto(`/accounts/${accountId}`);
  await expect(page.getByTestId("balance")).toContainText("0.95");
  // On a phone the latest errors say which call failed, whole: wrapped, never cut to "POST /api/v...".
  await page.setViewportSize({ width: 390, height: 844 });
  const failed = page
    .getByRole("region", { name: "Latest API errors" })
    .getByRole("link", { name: "POST /api/v1/sms/send" })
    .first();
  await expectOnScreenAcross(failed);
  expect(await failed.evaluate((a) => a.scrollWidth <= a.clientWidth), "its text is not cut").toBe(true);
  await page.setViewportSize({ width: 1440, height: 900 });
});

test("the coverage browser searches and filters the live coverage table", async ({ page }) => {
  const { accountId } = await signUp(page);
  await page.goto(`/accounts/${accountId}/coverage`);
  await page.getByRole("button", { name: "Africa local" }).click();
  await expect(page.getByTestId("coverage-total")).toHaveText("31 countries");
  await snap(page, "coverage");
  await page.getByLabel("Search countries").fill("ken");
  await expect(page.getByTestId("coverage-row")).toHaveCount(1);
  await expect(page.getByTestId("coverage-row")).toContainText("Kenya");
  await expect(page.getByTestId("coverage-row")).toContainText("+254");
  await expect(page.getByTestId("coverage-networks")).toHaveText("Airtel, Safaricom, Telkom");
  // On a phone the price is on screen beside the country, not a swipe away.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("coverage-row").getByRole("cell").nth(1)).toContainText("$");
  await expectOnScreenAcross(page.getByTestId("coverage-row").getByRole("cell").nth(1));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByLabel("Search countries").fill("");
  await page.getByRole("button", { name: "All routes" }).click();
  await expect(page.getByTestId("coverage-total")).toHaveText(/^2\d\d countries$/);
  // The first 50 rows render at once; every other one is a tap away.
  await expect(page.getByTestId("coverage-row")).toHaveCount(50);
  const total = Number((await page.getByTestId("coverage-total").textContent())!.split(" ")[0]);
  await page.getByTestId("coverage-show-all").click();
  await expect(page.getByTestId("coverage-row")).toHaveCount(total);
  await expect(page.getByTestId("coverage-show-all")).toHaveCount(0);
});

test("the error reference is generated from the catalogue with an anchor per code", async ({ page }) => {
  await page.goto("/docs/errors#RATE_LIMIT_EXCEEDED");
  await expect(page.locator("#client-error-codes")).toBeVisible();
  await expect(page.locator("#service-error-codes")).toBeVisible();
  for (const code of ["UNAUTHORIZED", "INSUFFICIENT_BALANCE", "SMS_SEND_FAILED", "INTERNAL_ERROR"])
    await expect(page.locator(`#${code}`)).toBeVisible();
  await snap(page, "docs-errors");
});
