import { expect, test } from "@playwright/test";
import { createKeyInUi, signUp, snap } from "./helpers";

test("a customer registers a webhook endpoint, sees the secret once, and follows its deliveries", async ({ page, request }) => {
  const { accountId } = await signUp(page, undefined, "Hook Co");
  const testKey = await createKeyInUi(page, accountId, "Sandbox", "test");
  await page.goto(`/accounts/${accountId}/webhooks`);
  const form = page.getByRole("form", { name: "Webhook endpoint" });
  await form.getByLabel("HTTPS URL").fill("http://93.184.216.34/hooks");
  await form.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "https" })).toBeVisible();

  await form.getByLabel("HTTPS URL").fill("https://93.184.216.34/hooks");
  await form.getByText("All events").click();
  await form.getByLabel("sms.sent").check();
  await form.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByTestId("webhook-secret")).toHaveText(/^whsec_/);

  const sms = await request.post("/api/v1/sms/send", { headers: { authorization: `Bearer ${testKey}` }, data: { to: "+233241234567", message: "Hook" } });
  expect(sms.status()).toBe(200);
  const rows = page.getByTestId("delivery-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("sms.sent");
  await expect(rows.first()).toContainText("pending");
  await page.getByRole("button", { name: "Send test event" }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("webhook.test");
  // Shown once, and still there after the page refreshed its data; gone after a reload.
  await expect(page.getByTestId("webhook-secret")).toHaveText(/^whsec_/);
  await snap(page, "webhooks");
  await page.reload();
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId("webhook-secret")).toHaveCount(0);
});
