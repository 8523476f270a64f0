// The WhatsApp page (issue #42, its first part): a developer connects their Business number with Meta's ids and
// token (Meta, a local Graph stand-in, is asked first: a wrong token is refused with Meta's words), reads the webhook
// URL and verify token once, sees the number in the list, and removes it.
import { expect, test } from "./fixtures";
import { signUp, snapBoth } from "./helpers";
import { auditPage, watchLayoutShift } from "./audit-page";
import { E2E_WHATSAPP } from "../test/fixtures/e2e-whatsapp";

test("the WhatsApp page connects a Business number, shows its webhook settings once, and removes it", async ({
  page,
  context,
  allowProblems,
}) => {
  // The token Meta refuses, on purpose: its 400 and the browser's line about it.
  allowProblems(/whatsapp\.connect/, /status of 400/);
  await watchLayoutShift(context);
  const { accountId } = await signUp(page, undefined, "Menu Bank");
  await page.goto(`/accounts/${accountId}/whatsapp`);
  await expect(page.getByRole("region", { name: "WhatsApp numbers" })).toContainText("No number connected yet.");
  await auditPage(page, "whatsapp");
  await snapBoth(page, "whatsapp-empty");

  const form = page.getByRole("form", { name: "Connect a number" });
  await form.getByLabel("Phone number ID").fill(E2E_WHATSAPP.phoneNumberId);
  await form.getByLabel("WhatsApp Business Account ID").fill("102290129340398");
  await form.getByLabel("System user access token").fill("EAAG-a-token-meta-does-not-know-0000");
  await form.getByLabel("Meta app secret").fill(E2E_WHATSAPP.appSecret);
  await form.getByRole("button", { name: "Connect" }).click();
  await expect(form.getByRole("alert")).toContainText("Meta refused");

  await form.getByLabel("System user access token").fill(E2E_WHATSAPP.token);
  await form.getByRole("button", { name: "Connect" }).click();
  const connected = page.getByRole("status", { name: "Connected" });
  await expect(connected).toContainText(`${E2E_WHATSAPP.display} is connected`);
  await expect(connected).toContainText(/\/api\/whatsapp\/wan_/);
  const numbers = page.getByRole("list", { name: "Connected numbers" });
  await expect(numbers.getByRole("listitem")).toHaveCount(1);
  await expect(numbers).toContainText("Menu Bank");
  await auditPage(page, "whatsapp-connected");
  await snapBoth(page, "whatsapp-connected");

  await numbers.getByRole("button", { name: `Remove ${E2E_WHATSAPP.display}` }).click();
  await expect(page.getByRole("region", { name: "WhatsApp numbers" })).toContainText("No number connected yet.");
});

test("the sandbox sends a template from the page, and the conversation shows it delivered, then read", async ({
  page,
  context,
}) => {
  await watchLayoutShift(context);
  const { accountId } = await signUp(page, undefined, "Sandbox Shop");
  await page.goto(`/accounts/${accountId}/whatsapp`);
  const sandbox = page.getByRole("region", { name: "WhatsApp sandbox" });
  await sandbox.getByRole("button", { name: "Use the sandbox number" }).click();
  const numbers = page.getByRole("list", { name: "Connected numbers" });
  await expect(numbers).toContainText("+1 555 0100 7200");
  await expect(numbers).toContainText("sandbox");

  const form = sandbox.getByRole("form", { name: "Send a test message" });
  await expect(form.getByLabel("Template")).toHaveValue("kasa_order_update");
  await form.getByLabel("Variable {{1}}").fill("Ama");
  await form.getByLabel("Variable {{2}}").fill("#1042");
  await form.getByRole("button", { name: "Send template" }).click();
  await expect(form.getByRole("status")).toContainText("Sent to +233200000001: sent");

  // The worker applies the sandbox's statuses as Meta's: the bubble reads Delivered, then Read.
  const thread = page.getByRole("region", { name: "Conversation with +233200000001" });
  const bubble = thread.getByRole("listitem").filter({ hasText: "Hi Ama, your order #1042 is on its way." });
  await expect(bubble).toContainText("Template kasa_order_update");
  await expect(bubble.getByText("Read", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(thread).toContainText("window closed: templates only");
  await auditPage(page, "whatsapp-sandbox");
  await snapBoth(page, "whatsapp-sandbox");
});
