import { expect, test } from "./fixtures";
import { createKeyInUi, signUp, snap, snapBoth } from "./helpers";
import { E2E } from "../playwright.config";

test("a customer registers a webhook endpoint, sees the secret once, and follows its deliveries", async ({
  page,
  request,
  allowProblems,
}) => {
  allowProblems(/answer 400: POST .*\/api\/trpc\/webhooks\.register/, /status of 400/); // the http:// URL, on purpose
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

  const sms = await request.post("/api/v1/sms/send", {
    headers: { authorization: `Bearer ${testKey}` },
    data: { to: "+233241234567", message: "Hook" },
  });
  expect(sms.status()).toBe(200);
  const rows = page.getByTestId("delivery-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("sms.sent");
  // The sandbox receiver's certificate is refused: the delivery says it is being retried, and which try comes next.
  await expect(rows.first()).toContainText(/pending|retrying\s*attempt \d+ of \d+|failed/);
  await page.getByRole("button", { name: "Send test event" }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("webhook.test");
  // Shown once, and still there after the page refreshed its data; gone after a reload.
  await expect(page.getByTestId("webhook-secret")).toHaveText(/^whsec_/);
  await snap(page, "webhooks");
  await page.reload();
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId("webhook-secret")).toHaveCount(0);

  // What was sent, not only what came back: the request's URL, headers and body, opened from its row.
  await rows.last().getByRole("button", { name: "Request" }).click();
  const sent = page.getByTestId("delivery-request");
  await expect(sent).toContainText("POST https://93.184.216.34/hooks");
  await expect(sent).toContainText("User-Agent:Service-Webhook/1.0 (Kasa webhooks)");
  await expect(sent).toContainText("X-Service-Signature:sha256=");
  await expect(sent.locator("pre")).toContainText('"event": "sms.sent"');
  await snapBoth(page, "webhooks-request");
});

test("deliveries reach a real endpoint; a 410 turns webhooks off with a notice on every page; saving again and replaying brings the events", async ({
  page,
}) => {
  const { accountId } = await signUp(page, undefined, "Gone Co");
  await page.goto(`/accounts/${accountId}/webhooks`);
  const form = page.getByRole("form", { name: "Webhook endpoint" });
  await expect(form.getByRole("button", { name: "Add endpoint" })).toBeEnabled();
  await form.getByLabel("HTTPS URL").fill(`${E2E.RECEIVER_URL}/ok`);
  await form.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByTestId("webhook-secret")).toHaveText(/^whsec_/);

  // The worker started beside the web server delivers it.
  await page.getByRole("button", { name: "Send test event" }).click();
  const rows = page.getByTestId("delivery-row");
  await expect(rows.first()).toContainText("succeeded");
  await expect(rows.first()).toContainText("200 received");
  await rows.first().locator("summary").click();
  await expect(rows.first().getByRole("list", { name: "Attempts" })).toContainText(/#1 .*: 200 in \d+ ms/);

  // Rotation: a new secret once, the old one still signing for 24 hours.
  await page.getByRole("button", { name: "Rotate secret" }).click();
  await expect(page.getByTestId("rotated-secret")).toHaveText(/^whsec_/);
  await expect(page.getByText(/The previous one works until/)).toBeVisible();
  await snap(page, "webhooks-delivered-rotated");

  // The endpoint moves to a URL that answers 410 Gone: webhooks are turned off and the owner is told.
  await form.getByLabel("HTTPS URL").fill(`${E2E.RECEIVER_URL}/gone`);
  await form.getByRole("button", { name: "Save changes" }).click();
  // Editing the endpoint keeps its secret: no new one is issued.
  await expect(form.getByRole("status")).toHaveText("Saved. The signing secret is unchanged.");
  await expect(page.getByTestId("webhook-secret")).toHaveCount(0);
  await page.getByRole("button", { name: "Send test event" }).click();
  await expect(rows.first()).toContainText("failed");
  await page.goto(`/accounts/${accountId}/keys`);
  await expect(page.getByTestId("notice-webhook-disabled")).toContainText("410 Gone");
  await snap(page, "notice-webhook-disabled");

  // Saved again at a working URL, the failed events are replayed from the log.
  await page.getByTestId("notice-webhook-disabled").getByRole("link", { name: "Fix the endpoint" }).click();
  await expect(page).toHaveURL(/\/webhooks$/);
  await expect(form.getByRole("button", { name: "Save changes" })).toBeEnabled();
  await form.getByLabel("HTTPS URL").fill(`${E2E.RECEIVER_URL}/ok`);
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form.getByRole("status")).toHaveText("Saved. The signing secret is unchanged.");
  const replay = page.getByRole("form", { name: "Replay failed deliveries" });
  // A day ago, written in UTC as the deliveries table writes times.
  await expect(replay.getByLabel(/^Replay all failed since/)).toHaveValue(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  await replay.getByRole("button", { name: "Replay failed" }).click();
  await expect(replay.getByRole("status")).toHaveText("1 delivery queued again.");
  await expect(rows.first()).toContainText("succeeded");
  await expect(page.getByTestId("delivery-row").filter({ hasText: "failed" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("notice-webhook-disabled")).toHaveCount(0);
  await snap(page, "webhooks-replayed");
});
