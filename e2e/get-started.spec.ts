// The first five minutes (docs/decisions.md, "First run and the Overview"): sign-up lands on a welcome step with the new
// test key (kept for the tab), a curl for this deployment, and a test SMS and a test email (no domain needed) the user
// watches go sent -> delivered; the Overview's checklist ticks them.
import { expect, test } from "./fixtures";
import { signUp, snapBoth } from "./helpers";

test("sign-up -> welcome -> copy the key -> send a test SMS and a test email -> delivered, and the checklist ticks", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const { accountId } = await signUp(page, undefined, "First Five Ltd");
  await expect(page.getByRole("heading", { name: "Welcome to Kasa" })).toBeVisible();

  // The key made at sign-up, in full, once; the curl carries it and this deployment's address.
  const key = (await page.getByTestId("welcome-key").textContent())!;
  expect(key).toMatch(/^kasa_test_[0-9A-Za-z]{32}$/);
  await page.getByRole("button", { name: /^Copy key/ }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await expect(page.getByRole("region", { name: "Example request" }).or(page.locator("pre"))).toContainText(
    `curl ${baseURL}/api/v1/sms/send`,
  );
  await expect(page.locator("pre")).toContainText(`Bearer ${key}`);

  // The copied key works from outside the browser, as the curl would.
  const balance = await page.request.get("/api/v1/balance", { headers: { authorization: `Bearer ${key}` } });
  expect(balance.status()).toBe(200);

  await page.getByRole("button", { name: "Send a test SMS" }).click();
  const trial = page.getByTestId("trial-sms");
  await expect(trial).toContainText(/sms_/);
  await expect(trial.getByText("delivered (done)")).toBeVisible({ timeout: 15_000 });
  // A test email on day one, with no domain: from the sandbox sender, to the sandbox.
  await page.getByRole("button", { name: "Send a test email" }).click();
  const mail = page.getByTestId("trial-email");
  await expect(mail).toContainText(/email_/);
  await expect(mail.getByText("delivered (done)")).toBeVisible({ timeout: 15_000 });
  await snapBoth(page, "get-started");

  // Kept for this tab only: another tab is offered a new key instead (Kasa keeps only a hash).
  const otherTab = await context.newPage();
  await otherTab.goto(`/accounts/${accountId}/get-started`);
  await expect(otherTab.getByRole("button", { name: "Create a test key" })).toBeVisible();
  await expect(otherTab.getByTestId("welcome-key")).toHaveCount(0);
  await otherTab.close();

  await page.goto(`/accounts/${accountId}`);
  const checklist = page.getByRole("region", { name: "Get started" });
  await expect(checklist.getByTestId("step-api_key")).toContainText("(done)");
  await expect(checklist.getByTestId("step-test_sms")).toContainText("(done)");
  await expect(checklist.getByTestId("step-test_email")).toContainText("(done)");
  await expect(checklist.getByTestId("step-live_send")).toContainText("(to do)");
  await snapBoth(page, "overview-get-started");

  // Hidden, and back from the help menu.
  await checklist.getByRole("button", { name: "Hide" }).click();
  await expect(checklist).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { name: "First Five Ltd" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Get started" })).toHaveCount(0);
  await page.getByRole("button", { name: "Help" }).click();
  await page.getByRole("button", { name: "Get started checklist" }).click();
  await expect(page.getByRole("region", { name: "Get started" })).toBeVisible();
});
