// What a new user tripped over on the first tour (docs/decisions.md, "URLs, guards and pages"), each as they met it.
import { expect, test } from "./fixtures";
import { NAV_ITEMS } from "../components/shell/nav-items";
import {
  PASSWORD,
  admin,
  createKeyInUi,
  enrolTotp,
  fillSignIn,
  signUp,
  snapBoth,
  totpCode,
  uniqueEmail,
} from "./helpers";

test("staff sign in at plain /signin and land in the staff console; /welcome lets them make an account of their own", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("staff");
  admin("staff", "create", "--email", email, "--password", PASSWORD, "--name", "Support Sue");
  await page.goto("/signin");
  await fillSignIn(page, email);
  await expect(page).toHaveURL(/\/two-factor$/);
  const { secret } = await enrolTotp(page);

  // A later sign-in, from a fresh browser, at the plain sign-in page: no redirect loop, straight to /admin.
  const later = await (await browser.newContext()).newPage();
  await later.goto("/signin");
  await fillSignIn(later, email);
  await later.getByLabel("Code from your authenticator app").fill(totpCode(secret, 1));
  await later.getByRole("button", { name: "Verify" }).click();
  await expect(later).toHaveURL(/\/admin$/);
  await expect(later.getByRole("heading", { level: 1 })).toBeVisible();

  // A signed-in person with no account who asks for one gets a page to make it, not a loop.
  await later.goto("/welcome");
  await expect(later.getByRole("heading", { name: "Create or join an account" })).toBeVisible();
  await expect(later.getByText(`signed in as ${email}`)).toBeVisible();
  await snapBoth(later, "welcome");
  await later.getByLabel("Account name").fill("Support sandbox");
  await later.getByRole("button", { name: "Create account" }).click();
  // Its test key is shown once, on the welcome step, as after sign-up.
  await expect(later).toHaveURL(/\/accounts\/acct_[0-9A-Za-z]+\/get-started$/);
  await expect(later.getByTestId("welcome-key")).toHaveText(/^kasa_test_/);
  await later.goto("/dashboard");
  await expect(later).toHaveURL(/\/accounts\/acct_[0-9A-Za-z]+$/);

  // The staff console has its own way out.
  await page.goto("/admin");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/signin/);
  expect((await page.request.get("/admin")).status()).toBe(404);
  await later.context().close();
});

test("the home page speaks to who is looking, and its example calls this deployment", async ({ page, baseURL }) => {
  await page.goto("/");
  await expect(page.locator("pre")).toContainText(`curl ${baseURL}/api/v1/sms/send`);
  await expect(page.getByRole("link", { name: "Get started" })).toBeVisible();
  await signUp(page);
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Sign in" })).toHaveCount(0);
  await page.getByRole("link", { name: "Open the dashboard" }).first().click();
  await expect(page).toHaveURL(/\/accounts\/acct_[0-9A-Za-z]+$/);
  await snapBoth(page, "home-signed-in");
});

test("coverage counts in words and says so when a search matches nothing", async ({ page }) => {
  const { accountId } = await signUp(page);
  await page.goto(`/accounts/${accountId}/coverage`);
  const search = page.getByLabel("Search countries");
  await search.fill("Ghana");
  await expect(page.getByTestId("coverage-total")).toHaveText("1 country");
  await search.fill("Atlantis");
  await expect(page.getByTestId("coverage-empty")).toContainText("No country matches “Atlantis”");
  await expect(page.getByTestId("coverage-total")).toHaveText("0 countries");
});

test("on a phone every section is one tap on the Menu away, and the menu closes on the way", async ({ page }) => {
  const { accountId } = await signUp(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/accounts/${accountId}`);
  const menu = page.getByRole("button", { name: "Menu" });
  const nav = page.getByRole("navigation", { name: "Dashboard" });
  await expect(nav).toBeHidden();
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  const links = nav.getByRole("link");
  // An owner sees every section (NAV_ITEMS), each on screen, none behind a sideways scroll.
  await expect(links).toHaveCount(NAV_ITEMS.length);
  for (const link of await links.all()) await expect(link).toBeInViewport();
  await snapBoth(page, "mobile-menu-open");
  await page.setViewportSize({ width: 390, height: 844 });
  await nav.getByRole("link", { name: "Billing" }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByRole("heading", { name: "Billing" })).toBeVisible();
  await expect(nav).toBeHidden();
  await expect(menu).toHaveAttribute("aria-expanded", "false");
});

test("an account sign-up left unnamed is not named after a fragment of the address, and the owner renames it", async ({
  page,
}) => {
  const { accountId } = await signUp(page);
  await page.goto(`/accounts/${accountId}/settings`);
  const form = page.getByRole("form", { name: "Account name" });
  await expect(form.getByLabel("Name")).toHaveValue("Personal account");
  await expect(page.getByTestId("plan-name")).toHaveText("Free");
  // Support has an address where the page mentions it (KASA_SUPPORT_EMAIL).
  await expect(page.getByRole("link", { name: "support@kasa.test" })).toHaveAttribute(
    "href",
    "mailto:support@kasa.test",
  );
  await form.getByLabel("Name").fill("Ama's Bakery");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByRole("status")).toHaveText("Saved.");
  // The sidebar and the overview show the new name.
  await expect(page.getByRole("complementary").getByText("Ama's Bakery")).toBeVisible();
  await snapBoth(page, "settings");
});

test("the docs mark the page being read, copy a sample whole, wrap long lines on a phone, and lead back to the dashboard", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/docs/authentication");
  const nav = page.getByRole("navigation", { name: "Docs" });
  await expect(nav.getByRole("link", { name: "Authentication" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Quick start" })).not.toHaveAttribute("aria-current", "page");
  await page.goto("/docs");
  const sample = page.locator("pre").first();
  await page
    .getByRole("button", { name: /^Copy code/ })
    .first()
    .click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await sample.textContent());
  expect(await sample.textContent()).toContain(`${baseURL}/api/v1/`);
  await page.setViewportSize({ width: 390, height: 844 });
  // Wrapped, not cut off: the sample is no wider than its box.
  expect(await sample.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await snapBoth(page, "docs-quick-start");
  await nav.getByRole("link", { name: "← Dashboard" }).click();
  await expect(page).toHaveURL(/\/signin/);
});

test("on a phone, messages and requests read as rows, and one opens into view", async ({ page, request }) => {
  const { accountId } = await signUp(page);
  const key = await createKeyInUi(page, accountId, "Phone", "test");
  const sent = await request.post("/api/v1/sms/send", {
    headers: { authorization: `Bearer ${key}` },
    data: { to: "+233241234567", message: "Read me on a phone" },
  });
  expect(sent.status()).toBe(200);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/accounts/${accountId}/messages`);
  const item = page.getByTestId("message-item");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("Read me on a phone");
  await expect(item).toContainText("$0.020");
  await item.getByRole("button").click();
  await expect(page.getByRole("region", { name: "Message events" })).toBeInViewport();
  await page.goto(`/accounts/${accountId}/requests`);
  const req = page.getByTestId("request-item").filter({ hasText: "/api/v1/sms/send" });
  await expect(req).toHaveCount(1);
  await expect(req).toContainText("200");
  await snapBoth(page, "requests-phone");
});

test("the request log shows what a request carried and was answered, and its transaction opens the message", async ({
  page,
  request,
}) => {
  const { accountId } = await signUp(page);
  const key = await createKeyInUi(page, accountId, "Bodies", "test");
  const sent = await request.post("/api/v1/sms/send", {
    headers: { authorization: `Bearer ${key}` },
    data: { to: "+233241234567", message: "Secret-ish text" },
  });
  const transactionId = (await sent.json()).data.transaction_id as string;
  await page.goto(`/accounts/${accountId}/requests`);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("request-row").filter({ hasText: "/api/v1/sms/send" })).toHaveCount(1, {
      timeout: 1_000,
    });
  }).toPass();
  await page.getByTestId("request-row").filter({ hasText: "/api/v1/sms/send" }).click();
  const detail = page.getByRole("region", { name: "Request detail" });
  await expect(detail.locator("pre").first()).toContainText('"message": "[redacted: 15 characters]"');
  await expect(detail.locator("pre").nth(1)).toContainText(transactionId);
  await expect(detail).not.toContainText("Secret-ish text");
  await snapBoth(page, "request-detail-bodies");
  await detail.getByRole("link", { name: transactionId }).click();
  await expect(page).toHaveURL(/\/messages\?open=/);
  await expect(page.getByRole("region", { name: "Message events" })).toContainText(transactionId);
});
