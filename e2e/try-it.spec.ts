// Docs you can run (docs/decisions.md, "First run and the Overview"): each endpoint of the reference shows its example in curl, the SDK and Python, and a
// signed-in reader calls it from the page with a Try-it test key and sees the real answer.
import { expect, test } from "./fixtures";
import { signUp, snapBoth } from "./helpers";

test("'Try it' on sms/send calls the API with a Try-it test key and shows the answer; signed out, it says to sign in", async ({
  page,
  browser,
  baseURL,
}) => {
  const anonymous = await (await browser.newContext()).newPage();
  await anonymous.goto("/docs/reference");
  const closed = anonymous.getByTestId("api-operation").filter({ hasText: "/api/v1/sms/send" });
  await closed.locator("summary").click();
  await expect(closed.getByTestId("try-it")).toHaveCount(0);
  await expect(closed.getByRole("link", { name: "Sign in" })).toBeVisible();
  await anonymous.context().close();

  const { accountId } = await signUp(page);
  await page.goto("/docs/reference");
  const op = page.getByTestId("api-operation").filter({ hasText: "/api/v1/sms/send" }).first();
  await op.locator("summary").click();
  await expect(op.locator("pre").first()).toContainText(`curl -X POST ${baseURL}/api/v1/sms/send`);
  await op.getByRole("button", { name: "Python" }).click();
  await expect(op.locator("pre").first()).toContainText("requests.post(");
  await op.getByRole("button", { name: "TypeScript SDK" }).click();
  await expect(op.locator("pre").first()).toContainText("await kasa.sms.send(");
  await expect(op.getByTestId("response-fields")).toContainText("transaction_id");

  await op.getByRole("button", { name: "Use a Try-it test key" }).click();
  await expect(op.getByText(/^Test key kasa_test_/)).toBeVisible();
  await op.getByRole("button", { name: "Send POST /api/v1/sms/send" }).click();
  const answer = op.getByTestId("try-it-answer");
  await expect(answer).toContainText("200");
  await expect(answer).toContainText('"transaction_id": "sms_');
  await snapBoth(page, "docs-try-it");

  // Operations that change the account's settings have no panel: the Try-it key may not call them.
  const rotate = page.getByTestId("api-operation").filter({ hasText: "/api/v1/webhooks/rotate-secret" });
  await rotate.locator("summary").click();
  await expect(rotate).toContainText("Not from here: this operation changes the account's settings (webhooks:manage)");
  await expect(rotate.getByRole("button", { name: /^Send / })).toHaveCount(0);

  // The key is an ordinary test key of the account, listed like any other; asking again replaces it.
  await page.goto(`/accounts/${accountId}/keys`);
  await expect(page.getByTestId("key-row").filter({ hasText: "Docs: Try it" })).toHaveCount(1);
});
