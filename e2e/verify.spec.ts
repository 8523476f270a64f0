// The Verify page (docs/decisions.md, "Verify"): a test verification's code is on the page, so an integration can be tried without a
// phone; checked with it, the figures count it approved. Owners choose the countries codes may go to.
import { expect, test } from "./fixtures";
import { signUp, snapBoth } from "./helpers";
import { auditPage, watchLayoutShift } from "./audit-page";

test("the Verify page shows a test code to check with, counts the approval, and lets the owner choose countries", async ({
  page,
  context,
}) => {
  await watchLayoutShift(context);
  const { accountId } = await signUp(page, undefined, "Verified Ltd");
  const key = (await page.getByTestId("welcome-key").textContent())!;
  const headers = { authorization: `Bearer ${key}` };
  const sent = await page.request.post("/api/v1/verify/send", { headers, data: { to: "+233200000001" } });
  expect(sent.status()).toBe(200);
  const { verification_id } = (await sent.json()).data;
  expect(
    (await page.request.post("/api/v1/verify/send", { headers, data: { to: "tester@example.com" } })).status(),
  ).toBe(200);

  await page.goto(`/accounts/${accountId}/verify`);
  await page.getByRole("button", { name: "Test" }).click();
  const row = page.getByRole("row", { name: new RegExp(verification_id) });
  const code = (await row.getByTestId("test-code").textContent())!;
  expect(code).toMatch(/^\d{6}$/);
  const checked = await page.request.post("/api/v1/verify/check", { headers, data: { verification_id, code } });
  expect((await checked.json()).data.status).toBe("approved");

  await page.reload();
  await page.getByRole("button", { name: "Test" }).click();
  await expect(
    page.getByRole("figure", { name: /test mode, last 14 days \(UTC\): 2 sent, 1 approved \(50 %\)/ }),
  ).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(verification_id) })).toContainText("approved");
  await auditPage(page, "verify");
  await snapBoth(page, "verify");

  // The owner turns on the United States; a code there is then accepted.
  await page.getByRole("button", { name: "Edit" }).click();
  await page.getByLabel("Find a country").fill("United States");
  await page.getByRole("checkbox", { name: "United States", exact: true }).check();
  await snapBoth(page, "verify-countries");
  await page.getByRole("button", { name: /^Save \d+ countries$/ }).click();
  await expect(page.getByRole("list", { name: "Countries codes may go to" })).toContainText("United States");
  const abroad = await page.request.post("/api/v1/verify/send", { headers, data: { to: "+14155550123" } });
  expect(abroad.status()).toBe(200);
});
