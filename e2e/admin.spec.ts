import { expect, test } from "./fixtures";
import { E2E } from "../playwright.config";
import { admin, createKeyInUi, signInAsNewStaff, signUp, snap, snapBoth, verifyEmailByMail } from "./helpers";

const ADMIN_PATHS = [
  "/admin",
  "/admin/operations",
  "/admin/sender-ids",
  "/admin/accounts/acct_x",
  "/admin/transactions/sms_x_y",
];

test("every /admin path is a 404 for customers and for visitors who are not signed in", async ({
  page,
  browser,
  allowProblems,
}) => {
  allowProblems(/answer 404: GET .*\/(admin|no-such-page)/, /status of 404/);
  await signUp(page, undefined, "Curious Co");
  // The site's plain 404, word for word in its title: nothing says a staff console is there.
  await page.goto("/no-such-page");
  const plainTitle = await page.title();
  for (const path of ADMIN_PATHS) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("search")).toHaveCount(0);
    expect(await page.title(), path).toBe(plainTitle);
    expect(await response!.text(), path).not.toMatch(/staff/i);
  }
  const probe = await page.request.get(
    `/api/trpc/staff.search?input=${encodeURIComponent(JSON.stringify({ json: { q: "+14155550100" } }))}`,
  );
  expect(probe.status()).toBe(404);
  const anonymous = await browser.newContext();
  const visitor = await anonymous.newPage();
  for (const path of ADMIN_PATHS) {
    const response = await visitor.goto(path);
    expect(response?.status(), path).toBe(404);
    expect(await visitor.title(), path).toBe(plainTitle);
    expect(await response!.text(), path).not.toMatch(/staff/i);
  }
  await anonymous.close();
});

test("a staff user finds a message by phone number and follows its whole timeline, then credits the account, which the customer sees with the audit entry", async ({
  page,
  browser,
}) => {
  const customer = await browser.newContext();
  const customerPage = await customer.newPage();
  const { accountId, email } = await signUp(customerPage, undefined, "Timeline Co");
  await verifyEmailByMail(customerPage, email);
  const liveKey = await createKeyInUi(customerPage, accountId, "Production", "live");
  admin("balance", "credit", "--account", accountId, "--amount", "2.00", "--reason", "e2e top-up");
  const hook = await customerPage.request.post("/api/v1/webhooks", {
    headers: { authorization: `Bearer ${liveKey}` },
    data: { url: `${E2E.RECEIVER_URL}/ok`, events: ["*"] },
  });
  expect(hook.status()).toBe(200);
  const phone = `+1415555${String(Date.now()).slice(-4)}`;
  const sent = await customerPage.request.post("/api/v1/sms/send", {
    headers: { authorization: `Bearer ${liveKey}` },
    data: { to: phone, message: "Your order has shipped", idempotency_key: "ship-1" },
  });
  expect(sent.status()).toBe(200);
  const transactionId = (await sent.json()).data.transaction_id as string;
  await customerPage.request.post("/api/v1/sms/send", {
    headers: { authorization: `Bearer ${liveKey}` },
    data: { to: phone, message: "Your order has shipped", idempotency_key: "ship-1" },
  });

  await signInAsNewStaff(page);
  await page.goto("/admin");
  await page.getByRole("search").getByLabel("Search").fill(phone.replace("+1", "1 "));
  await page.getByRole("button", { name: "Search" }).click();
  const result = page.getByTestId("transaction-result").filter({ hasText: transactionId });
  await expect(result).toContainText(`SMS to ${phone}`);
  await result.getByRole("link", { name: transactionId }).click();
  await expect(page).toHaveURL(`/admin/transactions/${transactionId}`);
  const timeline = page.getByRole("list", { name: "Timeline" });
  await expect(timeline).toContainText("POST /api/v1/sms/send → 200");
  await expect(timeline).toContainText("(idempotent replay)");
  await expect(timeline).toContainText("reserve -0.05");
  await expect(timeline).toContainText("capture");
  await expect(timeline).toContainText("carrier twilio: accepted");
  await expect(timeline).toContainText("sms.sent");
  // The worker beside the web server delivers the webhook; the timeline shows the attempt and its answer.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("list", { name: "Timeline" })).toContainText(
      /sms\.sent → https:\/\/localhost:\d+\/ok: succeeded after 1 attempt/,
      { timeout: 1_000 },
    );
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole("list", { name: "Timeline" })).toContainText(/sms\.sent attempt 1: 200 in \d+ ms/);
  await snap(page, "admin-transaction");

  await page.getByRole("link", { name: accountId }).click();
  await expect(page.getByTestId("staff-balance")).toHaveText("1.95 USD");
  const credit = page.getByRole("form", { name: "Credit or debit" });
  await credit.getByLabel(/Amount/).fill("7.50");
  await credit.getByLabel("Reason").fill("Goodwill for a delayed delivery");
  await credit.getByRole("button", { name: "Credit or debit" }).click();
  await expect(page.getByTestId("staff-balance")).toHaveText("9.45 USD");
  await expect(page.getByTestId("audit-row").first()).toContainText("balance.credit");
  await expect(page.getByTestId("audit-row").first()).toContainText("Goodwill for a delayed delivery");
  // Support assigns the account a USSD code its carrier now routes to Kasa, saying why.
  const code = `*713${String(Date.now()).slice(-3)}#`;
  const assign = page.getByRole("form", { name: "Assign a code" });
  await assign.getByLabel("Code").fill(code);
  await assign.getByLabel("Reason").fill("Carrier routed it to us");
  await assign.getByRole("button", { name: "Assign a code" }).click();
  await expect(page.getByTestId("staff-ussd-code").filter({ hasText: code })).toContainText("dedicated");
  await expect(page.getByTestId("audit-row").first()).toContainText("ussd_code.assigned");
  await snapBoth(page, "admin-account");

  await customerPage.goto(`/accounts/${accountId}/billing`);
  await expect(customerPage.getByTestId("balance")).toHaveText("9.45 USD");
  await expect(customerPage.getByTestId("ledger-row").first()).toContainText(
    "Support credit: Goodwill for a delayed delivery",
  );
  await expect(customerPage.getByTestId("ledger-row").first()).toContainText("+7.50 USD");
  await customer.close();

  await page.goto("/admin/operations");
  await expect(page.getByTestId("carrier-health").filter({ hasText: "twilio" })).toBeVisible();
  await expect(page.getByTestId("webhook-queue")).toContainText("delivered");
  await snap(page, "admin-operations");
});
