// The Overview worth opening (docs/decisions.md, "First run and the Overview"): with a few days' worth of sends, it charts them by what became of them,
// gives the delivery rate, and links the latest messages and API errors to their detail.
import { expect, test } from "./fixtures";
import { signUp, snapBoth } from "./helpers";

test("the Overview charts an account's messages and links its latest errors to their detail", async ({ page }) => {
  const { accountId } = await signUp(page, undefined, "Charted Ltd");
  const key = (await page.getByTestId("welcome-key").textContent())!;
  const send = (to: string) =>
    page.request.post("/api/v1/sms/send", {
      headers: { authorization: `Bearer ${key}` },
      data: { to, message: "Charted" },
    });
  const ids: string[] = [];
  for (const to of ["+233200000001", "+233200000001", "+233200000001", "+233200000005"]) {
    const res = await send(to);
    expect(res.status()).toBe(200);
    ids.push((await res.json()).data.transaction_id);
  }
  expect((await send("12")).status()).toBe(400);
  // The sandbox reports each one a moment later.
  await expect
    .poll(
      async () => {
        const statuses = [];
        for (const id of ids) {
          const res = await page.request.get(`/api/v1/sms/status?transaction_id=${id}`, {
            headers: { authorization: `Bearer ${key}` },
          });
          statuses.push((await res.json()).data.status);
        }
        return statuses.sort().join(",");
      },
      { timeout: 15_000 },
    )
    .toBe("delivered,delivered,delivered,failed");

  await page.goto(`/accounts/${accountId}`);
  // No live sends yet: the chart opens on test mode.
  await expect(page.getByRole("button", { name: "Test", pressed: true })).toBeVisible();
  await expect(
    page.getByRole("figure", {
      name: /^SMS messages per day, test mode, last 14 days \(UTC\): 4 sent, 3 delivered \(75 %/,
    }),
  ).toBeVisible();
  const latest = page.getByRole("region", { name: "Latest messages" });
  await expect(latest.getByRole("link", { name: /^SMS to \+233200000001/ })).toHaveCount(3);
  await snapBoth(page, "overview-charted");

  await page.getByRole("button", { name: "Email" }).click();
  await expect(page.getByRole("figure", { name: /^Email messages per day, test mode.*: 0 sent/ })).toBeVisible();

  const errors = page.getByRole("region", { name: "Latest API errors" });
  await errors.getByRole("link", { name: "POST /api/v1/sms/send" }).click();
  await expect(page).toHaveURL(new RegExp(`/accounts/${accountId}/requests\\?open=\\d+$`));
  await expect(page.getByRole("region", { name: "Request detail" })).toContainText("INVALID_PHONE_NUMBER");
});
