import { expect, test } from "./fixtures";
import { admin, createKeyInUi, signUp, snap } from "./helpers";

test("a customer adds a sender domain, sees its DNS records, checks them, and follows sent messages", async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const { accountId } = await signUp(page, undefined, "Mail Co");
  const pending = `pending-${accountId.slice(5, 12).toLowerCase()}.example.com`;

  await page.goto(`/accounts/${accountId}/domains`);
  // Client-rendered once hydrated: a click before that would submit the form natively.
  await expect(page.getByText("No domains yet.")).toBeVisible();
  await page.getByLabel("Domain", { exact: true }).fill(pending);
  await page.getByRole("button", { name: "Add domain" }).click();
  const card = page.getByRole("region", { name: pending });
  await expect(card).toContainText("pending");
  // DKIM, the bounce host's MX and SPF, DMARC and the optional inbound MX, under a header row.
  await expect(card.getByRole("row")).toHaveCount(6);
  await expect(card).toContainText(`kasa1._domainkey.${pending}`);
  await card.getByRole("button", { name: /^Copy name: kasa1\._domainkey\./ }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`kasa1._domainkey.${pending}`);
  await card.getByRole("button", { name: "Verify" }).click();
  await expect(card.getByText("not found").first()).toBeVisible();
  // It says what is missing and that DNS takes time, rather than only leaving badges behind.
  await expect(card.getByTestId("dns-check")).toContainText("3 required records not found yet");
  await expect(card.getByTestId("dns-check")).toContainText("48 hours");
  await expect(card).toContainText("pending");
  await expect(page.getByText("No suppressed addresses.")).toBeVisible();
  await snap(page, "domains");

  // Support verifies a second domain by override; mail then goes out from it by default.
  const verified = `mail-${accountId.slice(5, 12).toLowerCase()}.example.com`;
  expect(admin("domain", "add", "--account", accountId, "--domain", verified, "--verified").domain).toMatchObject({
    status: "verified",
    primary: true,
  });
  await page.reload();
  await expect(page.getByRole("region", { name: verified })).toContainText("primary");

  const testKey = await createKeyInUi(page, accountId, "Sandbox", "test");
  const headers = { authorization: `Bearer ${testKey}` };
  const email = await request.post("/api/v1/email/send", {
    headers,
    data: { to: "Ama <ama@example.org>", subject: "Welcome aboard", text: "Hi Ama" },
  });
  expect(email.status()).toBe(200);
  expect((await email.json()).data.from).toBe(`noreply@${verified}`);
  const sms = await request.post("/api/v1/sms/send", {
    headers,
    data: { to: "+233241234567", message: "Your code is 1234" },
  });
  expect(sms.status()).toBe(200);

  await page.goto(`/accounts/${accountId}/messages`);
  const rows = page.getByTestId("message-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("Your code is 1234");
  await expect(rows.nth(1)).toContainText("Welcome aboard");
  await rows.nth(1).click();
  const panel = page.getByRole("region", { name: "Message events" });
  await expect(panel.getByRole("list", { name: "Events" })).toContainText("email.sent");
  await expect(panel.getByTestId("message-content")).toHaveText("Welcome aboard");
  // A test send says what it would have cost, and that it was not charged.
  await expect(panel.getByTestId("message-price")).toHaveText("$0.001 (test: not charged)");
  // The payload is one click away, not a cut-off box.
  await panel.getByText("Raw payload").first().click();
  await expect(panel.locator("pre").first()).toContainText('"transaction_id"');
  await rows.first().click();
  await expect(panel.getByTestId("message-content")).toHaveText("Your code is 1234");
  await expect(panel.getByTestId("message-price")).toContainText("(test: not charged)");
  await snap(page, "messages");
  await page.getByRole("button", { name: "Email" }).click();
  await expect(rows).toHaveCount(1);
});
