// The USSD page (issue #41): a developer points their sandbox code at their app, then walks its three-screen menu on
// the page's phone, with each hop's callback and times under it; the session is then in the log with its hops.
import { expect, test } from "./fixtures";
import { E2E } from "../playwright.config";
import { signUp, snapBoth } from "./helpers";
import { auditPage, watchLayoutShift } from "./audit-page";

test("the USSD page's phone walks a three-screen menu through the account's app", async ({ page, context }) => {
  await watchLayoutShift(context);
  const { accountId } = await signUp(page, undefined, "Menu Bank");
  await page.goto(`/accounts/${accountId}/ussd`);
  const code = (await page.getByTestId("ussd-code").textContent())!;
  expect(code).toMatch(/^\*384\*\d+#$/);

  const settings = page.getByRole("form", { name: "Callback settings" });
  await settings.getByLabel("Your app's URL").fill(`${E2E.RECEIVER_URL}/ussd`);
  await settings.getByRole("button", { name: "Save" }).click();
  await expect(settings.getByRole("status")).toHaveText("Saved.");
  // One signed dial to the saved app, before any phone: what a subscriber would read first.
  await page.getByRole("button", { name: "Test your app" }).click();
  const tested = page.getByRole("status", { name: "Test result" });
  await expect(tested).toContainText(/Your app answered CON in \d+ ms/);
  await expect(tested).toContainText("Welcome to Kasa Bank");

  const screen = page.getByTestId("phone-screen");
  await page.getByRole("button", { name: "Dial", exact: true }).click();
  await expect(screen).toHaveText("Welcome to Kasa Bank\n1. My balance\n2. Buy airtime");
  await auditPage(page, "ussd");
  await snapBoth(page, "ussd-menu");

  const reply = page.getByLabel("Your answer");
  await reply.fill("1");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(screen).toHaveText("Enter your PIN");
  await reply.fill("1234");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(screen).toHaveText("Your balance is GHS 10.00");
  await expect(page.getByRole("button", { name: "Dial again" })).toBeVisible();
  const hops = page.getByRole("list", { name: "Hops" });
  await expect(hops.getByRole("listitem")).toHaveCount(3);
  await expect(hops.getByRole("listitem").nth(2)).toContainText('Your app got text="1*1234" and answered END');

  // The session, ended by the app, in the log with its three hops.
  const sessions = page.getByRole("region", { name: "USSD sessions" });
  const row = sessions.getByRole("row", { name: new RegExp(code.replace(/[*#]/g, "\\$&")) });
  await expect(row).toContainText("app_end");
  // And in today's bar of the sessions chart, whose table screen readers walk.
  const today = new Date().toISOString().slice(0, 10);
  const chart = page.getByRole("region", { name: "USSD sessions per day" });
  await expect(chart.getByRole("row", { name: new RegExp(`^${today} 1 0 0 0 0 0 0$`) })).toHaveCount(1);
  await row.getByRole("button", { name: "Hops" }).click();
  await expect(sessions.getByRole("list", { name: /^Hops of uss_/ }).getByRole("listitem")).toHaveCount(3);
  await auditPage(page, "ussd-ended");
  await snapBoth(page, "ussd-ended");
});
