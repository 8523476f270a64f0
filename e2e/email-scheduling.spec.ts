import { expect, test } from "./fixtures";
import { admin, createKeyInUi, signUp, snapBoth } from "./helpers";

test("a developer switches tracking on a domain, sees scheduled email waiting, and cancels one", async ({
  page,
  request,
}) => {
  const { accountId } = await signUp(page, undefined, "Later Co");
  const domain = `later-${accountId.slice(5, 12).toLowerCase()}.example.com`;
  admin("domain", "add", "--account", accountId, "--domain", domain, "--verified");
  const key = await createKeyInUi(page, accountId, "Scheduler", "test");
  const headers = { authorization: `Bearer ${key}` };
  const domains = async () =>
    (await (await request.get("/api/v1/domains", { headers })).json()).data.domains[0] as Record<string, unknown>;

  await page.goto(`/accounts/${accountId}/domains`);
  const card = page.getByRole("region", { name: domain });
  const opens = card.getByRole("switch", { name: /Open tracking/ });
  const clicks = card.getByRole("switch", { name: /Click tracking/ });
  await expect(opens).not.toBeChecked();
  await expect(clicks).not.toBeChecked();
  await opens.check();
  await expect(opens).toBeChecked();
  await expect.poll(domains).toMatchObject({ open_tracking: true, click_tracking: false });
  await clicks.check();
  await expect(clicks).toBeChecked();
  await expect.poll(domains).toMatchObject({ open_tracking: true, click_tracking: true });
  await expect(card).toContainText(`send.${domain}`);
  await snapBoth(page, "domain-tracking");

  const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
  for (const [subject, scheduled_at] of [
    ["Weekly digest", tomorrow],
    ["Reminder: your appointment", inAnHour],
  ]) {
    const res = await request.post("/api/v1/email/send", {
      headers,
      data: { to: "ama@example.org", subject, text: "Later", scheduled_at },
    });
    expect(res.status()).toBe(200);
    expect((await res.json()).data.status).toBe("scheduled");
  }

  await page.goto(`/accounts/${accountId}/messages`);
  const waiting = page.getByRole("region", { name: "Scheduled email" });
  const rows = waiting.getByTestId("scheduled-row");
  await expect(rows).toHaveCount(2);
  // Soonest first.
  await expect(rows.first()).toContainText("Reminder: your appointment");
  await expect(rows.nth(1)).toContainText("Weekly digest");
  await snapBoth(page, "scheduled-email");

  await rows
    .first()
    .getByRole("button", { name: /^Cancel the email "Reminder: your appointment"/ })
    .click();
  await expect(waiting.getByRole("status")).toContainText("Cancelled");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Weekly digest");
  // The message itself says so in the list below.
  await expect(page.getByTestId("message-row").filter({ hasText: "Reminder" })).toContainText("cancelled");
  await snapBoth(page, "scheduled-email-cancelled");
});
