// Every page, as a person meets it, at 1440 and 390 px (docs/decisions.md, "URLs, guards and pages" and "Accessibility and pages"):
// each loads without a console error or a failed request (the fixtures fail
// the test on either), none is wider than a phone's screen, none jumps while
// it loads, and axe-core finds nothing serious on it (e2e/audit-page.ts).
import type { APIRequestContext, Page } from "@playwright/test";
import { auditPage, watchLayoutShift } from "./audit-page";
import { E2E } from "../playwright.config";
import { expect, test } from "./fixtures";
import { createKeyInUi, signInAsNewStaff, signUp, snap } from "./helpers";
import { DASHBOARD_PAGES as DASHBOARD, PUBLIC_PAGES as PUBLIC } from "./pages";

/**
 * Audits one page at both widths and returns its title. It loads once, on a phone's width, where layout shift while
 * loading is measured (a phone is where it costs most, and what Lighthouse's mobile score counts), then is widened to
 * 1440 px and audited again as it stands: loading it a second time found nothing the first load did not, and cost a
 * second of every page.
 */
async function sweep(page: Page, path: string): Promise<string> {
  const name = `sweep${path.replace(/\/[a-z]+_[0-9A-Za-z_]+/g, "").replace(/\//g, "-") || "-home"}`;
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(path);
  await expect(page.locator("h1").first(), `${path} at 390 px has its heading`).toBeVisible();
  // Let late content (queries, charts) arrive before measuring.
  await page.waitForLoadState("networkidle");
  await auditPage(page, `${path} at 390 px`);
  await snap(page, `${name}-390`);
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.locator("h1").first(), `${path} at 1440 px has its heading`).toBeVisible();
  await auditPage(page, `${path} at 1440 px`, { loaded: false });
  await snap(page, `${name}-1440`);
  return page.title();
}

/** Audits every page of a list, one after the other. */
async function sweepAll(page: Page, paths: string[]) {
  for (const path of paths) await sweep(page, path);
}

/** A list cut into `parts` runs of pages, so the sweeps spread over Playwright's workers instead of one long test. */
function parts<T>(list: T[], count: number): T[][] {
  const size = Math.ceil(list.length / count);
  return Array.from({ length: count }, (_, i) => list.slice(i * size, (i + 1) * size));
}

/** Each page's <title>, read from its server-rendered HTML (with the session's cookies): cheap enough for every page. */
async function titlesOf(request: APIRequestContext, paths: string[]): Promise<string[]> {
  return Promise.all(
    paths.map(async (path) => {
      const html = await (await request.get(path)).text();
      return /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? `(no title on ${path})`;
    }),
  );
}

function repeated(titles: string[]): string[] {
  return titles.filter((t, i) => titles.indexOf(t) !== i);
}

// Two widths, an axe-core pass and a screenshot per page: a sweep takes minutes, not the default minute.
test.describe.configure({ timeout: 300_000 });

test.beforeEach(async ({ context }) => {
  await watchLayoutShift(context);
});

for (const [i, pages] of parts(PUBLIC, 3).entries())
  test(`every public page meets the bar signed out (part ${i + 1} of 3)`, async ({ page }) => {
    await sweepAll(page, pages);
  });

test("every page has its own title, so tabs and screen readers tell them apart", async ({ page, request }) => {
  expect(repeated(await titlesOf(request, PUBLIC)), "public page titles used twice").toEqual([]);
  const { accountId } = await signUp(page, undefined, "Titles Co");
  const dashboard = await titlesOf(
    page.request,
    DASHBOARD.map((path) => `/accounts/${accountId}${path}`),
  );
  expect(repeated(dashboard), "dashboard page titles used twice").toEqual([]);
});

for (const [part, pages] of parts(DASHBOARD, 3).entries())
  test(`every dashboard page, with data on it, meets the bar (part ${part + 1} of 3)`, async ({ page, request }) => {
    const { accountId } = await signUp(page, undefined, "Sweep Co");
    const key = await createKeyInUi(page, accountId, "Sweep", "test");
    const headers = { authorization: `Bearer ${key}` };
    expect(
      (await request.post("/api/v1/sms/send", { headers, data: { to: "+233241234567", message: "Sweep" } })).status(),
    ).toBe(200);
    expect((await request.get("/api/v1/balance", { headers })).status()).toBe(200);
    // Rows on the Domains and Webhooks pages, and a refusal in the request log.
    expect(
      (await request.post("/api/v1/domains", { headers, data: { name: `sweep-${Date.now()}.example.com` } })).status(),
    ).toBe(201);
    expect(
      (
        await request.post("/api/v1/webhooks", { headers, data: { url: `${E2E.RECEIVER_URL}/ok`, events: ["*"] } })
      ).status(),
    ).toBe(200);
    expect(
      (await request.post("/api/v1/sms/send", { headers, data: { to: "not-a-number", message: "x" } })).status(),
    ).toBe(400);
    await sweepAll(
      page,
      pages.map((path) => `/accounts/${accountId}${path}`),
    );
    if (part !== 0) return;
    // The sandbox checkout a top-up opens.
    await page.goto(`/accounts/${accountId}/billing`);
    const form = page.getByRole("form", { name: "Add money" });
    await form.getByRole("button", { name: "25 USD" }).click();
    await form.getByRole("button", { name: "Pay by card or mobile money" }).click();
    await expect(page).toHaveURL(/\/billing\/checkout\/pay_/);
    await sweep(page, new URL(page.url()).pathname);
  });

test("every staff page, with a customer's traffic on it, meets the same bar", async ({ page, browser }) => {
  const customer = await (await browser.newContext()).newPage();
  const { accountId } = await signUp(customer, undefined, "Watched Co");
  const key = await createKeyInUi(customer, accountId, "Watched", "test");
  const sent = await customer.request.post("/api/v1/sms/send", {
    headers: { authorization: `Bearer ${key}` },
    data: { to: "+233241234567", message: "Watched" },
  });
  expect(sent.status()).toBe(200);
  const transactionId = ((await sent.json()) as { data: { transaction_id: string } }).data.transaction_id;
  await customer.context().close();
  await signInAsNewStaff(page);
  // Staff own no account: /welcome is where they would make one.
  const staffPages = [
    "/welcome",
    "/admin",
    "/admin/operations",
    "/admin/sender-ids",
    `/admin/accounts/${accountId}`,
    `/admin/transactions/${transactionId}`,
  ];
  expect(repeated(await titlesOf(page.request, staffPages)), "staff page titles used twice").toEqual([]);
  await sweepAll(page, staffPages);
});
