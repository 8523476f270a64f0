import { expect, test } from "./fixtures";
import { signUp, snap } from "./helpers";

test("an owner adds money through the checkout, sees it in the ledger, sets a low-balance alert and downloads a statement", async ({
  page,
}) => {
  const { accountId } = await signUp(page, undefined, "Billing Co");
  await page.goto(`/accounts/${accountId}/billing`);
  await expect(page.getByTestId("balance")).toHaveText("0.00 USD");
  const form = page.getByRole("form", { name: "Add money" });
  await form.getByRole("button", { name: "25 USD" }).click();
  await form.getByRole("button", { name: "Pay by card or mobile money" }).click();
  await expect(page).toHaveURL(/\/billing\/checkout\/pay_/);
  await expect(page.getByTestId("checkout-amount")).toHaveText("25.00 USD");
  await snap(page, "sandbox-checkout");
  await page.getByRole("button", { name: "Pay 25.00 USD" }).click();
  await expect(page).toHaveURL(/\/billing\?payment=pay_/);
  // Said at once, and the balance it speaks of is the one shown (never the balance from before the payment).
  await expect(page.getByRole("status").filter({ hasText: "Payment received" })).toHaveText(
    "Payment received: 25.00 USD was added to your balance.",
  );
  await expect(page.getByTestId("balance")).toHaveText("25.00 USD");
  const ledger = page.getByTestId("ledger-row");
  await expect(ledger).toHaveCount(1);
  await expect(ledger.first()).toContainText("credit");
  await expect(ledger.first()).toContainText("+25.00 USD");
  await expect(ledger.first()).toContainText("Top-up (sandbox checkout)");
  await expect(page.getByTestId("payment-row").first()).toContainText("success");

  const alert = page.getByRole("form", { name: "Low balance alert" });
  await alert.getByLabel("Alert under (USD)").fill("5");
  await alert.getByRole("button", { name: "Save" }).click();
  await expect(alert.getByRole("status")).toHaveText("Saved.");
  await snap(page, "billing");

  // A new account is offered this month's statement only: none for months before it existed.
  await expect(page.getByRole("link", { name: /^[A-Z][a-z]+ \d{4}$/ })).toHaveCount(1);
  const month = new Date().toISOString().slice(0, 7);
  const csv = await page.request.get(`/accounts/${accountId}/billing/statement?month=${month}`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines[0]).toBe("date,entry,kind,amount,balance_after,currency,reason,transaction_id");
  expect(lines.some((l) => /,credit,25\.00,25\.00,USD,Top-up \(sandbox checkout\) pay_/.test(l))).toBe(true);
  expect(lines.at(-1)).toContain("closing_balance,,25.00,USD");
});

test("a developer buys a data bundle and airtime from the Top-ups page in test mode and follows them in the history", async ({
  page,
  allowProblems,
}) => {
  allowProblems(/answer 400: POST .*\/api\/trpc\/topups\.buyData/, /status of 400/); // the wrong network, on purpose
  const { accountId } = await signUp(page, undefined, "Topup Co");
  await page.goto(`/accounts/${accountId}/topups`);
  const data = page.getByRole("form", { name: "Buy a data bundle" });
  await expect(data.getByLabel("Bundle")).toContainText("2 GB, 30 days");
  await data.getByLabel("Phone number").fill("0240000001");
  await data.getByLabel("Bundle").selectOption("2");
  await data.getByRole("button", { name: /Buy/ }).click();
  await expect(data.getByRole("status")).toContainText("success");
  // A Telecel number on MTN is refused, saying which network it is on.
  await data.getByLabel("Phone number").fill("0200000001");
  await data.getByRole("button", { name: /Buy/ }).click();
  await expect(data.getByRole("alert")).toContainText("is on Telecel, not MTN");

  const airtime = page.getByRole("form", { name: "Buy airtime" });
  await airtime.getByLabel("Phone number (E.164)").fill("+233240000003");
  await expect(page.getByTestId("detected-operator")).toContainText("MTN Ghana");
  await airtime.getByLabel(/Amount/).fill("10");
  await airtime.getByRole("button", { name: /Send airtime/ }).click();
  await expect(airtime.getByRole("status")).toContainText("pending");
  const rows = page.getByTestId("topup-row");
  await expect(rows).toHaveCount(2);
  // The worker reconciles the pending top-up with the sandbox provider.
  await expect(rows.first()).toContainText("success", { timeout: 30_000 });
  await expect(rows.nth(1)).toContainText("2 GB MTN");
  await snap(page, "topups");
});
