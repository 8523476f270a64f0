import { expect, test } from "./fixtures";
import { signUp, snap } from "./helpers";

test("a new customer signs up, lands on the dashboard, creates a key, sees it listed once, and revokes it", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/");
  await snap(page, "home");
  await page.getByRole("link", { name: "Get started" }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await snap(page, "signup");

  const { accountId } = await signUp(page, undefined, "Acme Ltd");
  // The welcome step's test key survives a reload (it once vanished, and people made a key per reload).
  const welcomeKey = (await page.getByTestId("welcome-key").textContent())!;
  await page.reload();
  await expect(page.getByTestId("welcome-key")).toHaveText(welcomeKey);
  await expect(page.getByRole("button", { name: "Send a test SMS" })).toBeVisible();
  await page.getByRole("link", { name: "Continue to your overview →" }).click();
  await expect(page.getByRole("heading", { name: "Acme Ltd" })).toBeVisible();
  await expect(page.getByTestId("balance")).toContainText("0.00");
  await expect(page.getByTestId("plan-name")).toHaveText("Free");
  await snap(page, "overview");

  await page.getByRole("link", { name: "API keys" }).click();
  await expect(page).toHaveURL(`/accounts/${accountId}/keys`);
  // One key: the test key the welcome step showed. No live key nobody saw the secret of.
  const rows = page.getByTestId("key-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.filter({ hasText: "Default test key" })).toContainText(welcomeKey.slice(0, 16));
  await snap(page, "keys");

  await page.getByRole("button", { name: "Create key" }).click();
  const form = page.getByRole("form", { name: "New API key" });
  await form.getByLabel("Name").fill("Production server");
  await form.getByText("Live (real messages, charged)").click();
  await form.getByRole("button", { name: "Clear all" }).click();
  await form.getByLabel("sms:send").check();
  await form.getByLabel("account:read").check();
  await snap(page, "keys-create-form");
  await form.getByRole("button", { name: "Create key" }).click();

  const shown = page.getByTestId("new-key");
  await expect(shown).toHaveText(/^kasa_live_[0-9A-Za-z]{32}$/);
  const fullKey = (await shown.textContent())!;
  await snap(page, "keys-created");
  await page.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(fullKey);

  const row = rows.filter({ hasText: "Production server" });
  await expect(row).toContainText(fullKey.slice(0, 16));
  await expect(row).toContainText("sms:send, account:read");
  await expect(row).toContainText("live");
  await expect(row).toContainText("Never");

  // Shown once: after a reload the full key is nowhere on the page.
  await page.reload();
  await expect(rows).toHaveCount(2);
  expect(await page.content()).not.toContain(fullKey);

  await row.getByRole("button", { name: "Revoke Production server" }).click();
  await row.getByRole("button", { name: "Confirm revoke" }).click();
  await expect(row).toContainText("Revoked");
  await expect(row.getByRole("button", { name: /Revoke/ })).toHaveCount(0);
  await snap(page, "keys-revoked");
  await page.reload();
  await expect(rows.filter({ hasText: "Production server" })).toContainText("Revoked");
});

test("every page of the sidebar opens, none 404s, and the layout holds on a phone", async ({ page }) => {
  const { accountId } = await signUp(page);
  const pages = [
    ["messages", "Messages"],
    ["domains", "Domains & senders"],
    ["webhooks", "Webhooks"],
    ["coverage", "Coverage"],
    ["requests", "Request log"],
    ["usage", "Usage"],
    ["billing", "Billing"],
  ] as const;
  for (const [segment, title] of pages) {
    const response = await page.goto(`/accounts/${accountId}/${segment}`);
    expect(response?.status(), segment).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("link", { name: title })).toHaveAttribute("aria-current", "page");
    await snap(page, `page-${segment}`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/accounts/${accountId}/keys`);
  // Sign-up's one key: the test key the welcome step showed.
  const cards = page.getByTestId("key-card");
  await expect(cards).toHaveCount(1);
  await expect(page.getByTestId("key-row").first()).toBeHidden();
  await expect(cards.first().getByRole("button", { name: /^Revoke/ })).toBeInViewport();
  await snap(page, "keys-phone");
});
