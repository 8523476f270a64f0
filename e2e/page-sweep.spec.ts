// Every page, as a person meets it, at 1440 and 390 px (issue #15, item 10):
// each loads without a console error or a failed request (the fixtures fail
// the test on either), and none is wider than a phone's screen.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createKeyInUi, signInAsNewStaff, signUp, snap } from "./helpers";

async function fitsBothWidths(page: Page, path: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path);
    await expect(page.locator("h1").first(), `${path} at ${width} px has its heading`).toBeVisible();
    // Let late content (queries, charts) arrive before measuring.
    await page.waitForLoadState("networkidle");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${path} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    await snap(page, `sweep${path.replace(/\/acct_[0-9A-Za-z]+/, "").replace(/\//g, "-") || "-home"}-${width}`);
  }
}

const PUBLIC = [
  "/",
  "/signin",
  "/signup",
  "/forgot-password",
  "/docs",
  "/docs/authentication",
  "/docs/errors",
  "/docs/rate-limits",
  "/docs/idempotency",
  "/docs/webhooks",
  "/docs/sandbox",
  "/docs/coverage",
  "/docs/reference",
];

const DASHBOARD = [
  "",
  "/keys",
  "/messages",
  "/domains",
  "/webhooks",
  "/topups",
  "/coverage",
  "/requests",
  "/usage",
  "/billing",
  "/team",
  "/audit",
  "/settings",
  "/profile",
];

test("every public page fits a phone", async ({ page }) => {
  for (const path of PUBLIC) await fitsBothWidths(page, path);
});

test("every dashboard page, with data on it, fits a phone", async ({ page, request }) => {
  const { accountId } = await signUp(page, undefined, "Sweep Co");
  const key = await createKeyInUi(page, accountId, "Sweep", "test");
  const headers = { authorization: `Bearer ${key}` };
  expect(
    (await request.post("/api/v1/sms/send", { headers, data: { to: "+233241234567", message: "Sweep" } })).status(),
  ).toBe(200);
  expect((await request.get("/api/v1/balance", { headers })).status()).toBe(200);
  for (const path of DASHBOARD) await fitsBothWidths(page, `/accounts/${accountId}${path}`);
});

test("every staff page fits a phone", async ({ page, browser }) => {
  const customer = await (await browser.newContext()).newPage();
  const { accountId } = await signUp(customer, undefined, "Watched Co");
  await customer.context().close();
  await signInAsNewStaff(page);
  for (const path of ["/admin", "/admin/operations", `/admin/accounts/${accountId}`]) await fitsBothWidths(page, path);
});
