// Consent and windows in the browser (issue #40): consent recorded through the API and on a contact in the
// dashboard, the account's keyword set, the consent export downloaded and read; staff edit a country's window.
import { expect, test } from "./fixtures";
import { admin, createKeyInUi, signInAsNewStaff, signUp, snapBoth } from "./helpers";

test("an owner records consent, sets the opt-in keyword and downloads every record as CSV", async ({
  page,
  allowProblems,
}) => {
  // The keyword STOP is refused on purpose below.
  allowProblems(/setConsentSettings/, /status of 400/);
  const { accountId } = await signUp(page, undefined, "Consent Co");
  const key = await createKeyInUi(page, accountId, "Contacts", "test");
  const made = await page.request.post("/api/v1/contacts", {
    headers: { authorization: `Bearer ${key}` },
    data: {
      phone: "+233241290001",
      first_name: "Ama",
      consent: { sms: { source: "form", granted_at: "2026-10-01T09:30:00Z", proof: "Shop sign-up form" } },
    },
  });
  expect(made.status()).toBe(200);
  await page.request.post("/api/v1/contacts", {
    headers: { authorization: `Bearer ${key}` },
    data: { phone: "+233241290002", first_name: "Kofi" },
  });

  await page.goto(`/accounts/${accountId}/contacts`);
  await page.getByRole("group", { name: "Mode" }).getByRole("button", { name: "Test" }).click();
  const kofi = page.getByRole("row").filter({ hasText: "Kofi" });
  await expect(kofi).toContainText("no SMS consent");
  // Recorded from the dashboard: the note asked for is the proof.
  page.once("dialog", (dialog) => dialog.accept("Said yes on the phone, 27 Nov"));
  await kofi.getByRole("button", { name: "Record SMS consent for +233241290002" }).click();
  await expect(kofi.getByText(/^SMS consent \d/)).toBeVisible();
  await expect(kofi.getByText("no SMS consent")).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: "Ama" }).getByText("SMS consent 1 Oct 2026")).toBeVisible();

  const keyword = page.getByLabel("Opt-in keyword (besides START)");
  await keyword.fill("stop");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("STOP already means STOP: choose another word")).toBeVisible();
  await keyword.fill("join");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  await snapBoth(page, "contacts-consent");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download consent records (CSV)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`kasa-consent-${accountId}.csv`);
  const lines = (await (await file.createReadStream()).toArray()).join("").trim().split("\r\n");
  expect(lines[0]).toBe(
    "mode,contact_id,phone,email,channel,status,granted_at,source,proof,withdrawn_at,withdrawn_how",
  );
  expect(lines.slice(1)).toEqual([
    expect.stringMatching(
      /^test,con_\w+,'\+233241290001,,sms,granted,2026-10-01T09:30:00\.000Z,form,Shop sign-up form,,$/,
    ),
    expect.stringMatching(
      /^test,con_\w+,'\+233241290002,,sms,granted,\S+,dashboard,"Said yes on the phone, 27 Nov",,$/,
    ),
  ]);
});

test("staff see Ghana's promotional window and its consent rule in the console, ready to edit", async ({ page }) => {
  await signInAsNewStaff(page, "/admin/operations");
  const rule = page.getByTestId("country-rule").filter({ hasText: "GH" }).filter({ hasText: "promotional" });
  await expect(rule).toContainText("08:00–19:00");
  const edit = rule.getByRole("form", { name: "Save GH promotional" });
  await expect(edit.getByLabel("Opens")).toHaveValue("08:00");
  await expect(edit.getByLabel("Closes")).toHaveValue("19:00");
  await expect(edit.getByLabel("Promotion needs consent")).toBeChecked();
  await expect(edit.getByLabel("Sun")).not.toBeChecked();
  await expect(edit.getByLabel("Sat")).toBeChecked();
  // Saved as it stands (other tests send to Ghana): the save is audited and the rule unchanged.
  await edit.getByLabel("Reason").fill("Checked against the NCA notice");
  await edit.getByRole("button", { name: "Save GH promotional" }).click();
  await expect(edit.getByRole("status")).toHaveText("Done.");
  await expect(rule).toContainText("Promotional SMS to Ghana goes out 08:00–19:00");
  await snapBoth(page, "admin-country-rules");
});

test("a promotional SMS outside its country's window waits on the Messages page, held, until it is cancelled", async ({
  page,
}) => {
  // Uganda's promotional SMS, for this test only: one day a week, two days from today (UTC), so it is closed now.
  const day = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"][(new Date().getUTCDay() + 2) % 7]!;
  admin("country-rule", "set", "UG", "--category", "promotional", "--all-day", "--days", day, "--time-zone", "UTC");
  const { accountId } = await signUp(page, undefined, "Windows Co");
  const key = await createKeyInUi(page, accountId, "Promotions", "test");
  const sent = await page.request.post("/api/v1/sms/send", {
    headers: { authorization: `Bearer ${key}` },
    data: { to: "+256712345678", message: "Weekend offer: 2 for 1", category: "promotional" },
  });
  expect(sent.status()).toBe(200);
  const data = (await sent.json()).data as { status: string; scheduled_at: string; transaction_id: string };
  expect(data.status).toBe("scheduled");
  expect(new Date(data.scheduled_at).getUTCDay()).toBe((new Date().getUTCDay() + 2) % 7);

  await page.goto(`/accounts/${accountId}/messages`);
  const waiting = page.getByRole("region", { name: "Scheduled SMS" });
  const row = waiting.getByTestId("scheduled-sms-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Weekend offer: 2 for 1");
  await expect(row).toContainText("to +256712345678");
  await snapBoth(page, "scheduled-sms");
  await row.getByRole("button", { name: "Cancel the SMS to +256712345678" }).click();
  await expect(waiting.getByRole("status")).toContainText("Cancelled");
  await expect(row).toHaveCount(0);
  const status = await page.request.get(`/api/v1/sms/status?transaction_id=${data.transaction_id}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  expect((await status.json()).data.status).toBe("cancelled");
});
