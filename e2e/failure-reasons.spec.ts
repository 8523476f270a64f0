// Why a message did not arrive, on its page (issue #43, point 2): the reason in plain words and what to do, with the
// carrier's raw code beside it.
import { expect, test } from "./fixtures";
import { createKeyInUi, signUp, snapBoth } from "./helpers";

test("a message the network did not deliver says why, in plain words, and what to do", async ({ page }) => {
  const { accountId } = await signUp(page, undefined, "Reasons Co");
  const key = await createKeyInUi(page, accountId, "Reasons", "test");
  const headers = { authorization: `Bearer ${key}` };
  // The sandbox's "undelivered" number: accepted, then a failed receipt a moment later.
  const sent = await page.request.post("/api/v1/sms/send", {
    headers,
    data: { to: "+233200000005", message: "Your order has shipped" },
  });
  expect(sent.status()).toBe(200);
  const id = (await sent.json()).data.transaction_id as string;
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/api/v1/sms/status?transaction_id=${id}`, { headers })).json()).data.status,
      { timeout: 30_000 },
    )
    .toBe("failed");

  await page.goto(`/accounts/${accountId}/messages`);
  await page.getByTestId("message-row").filter({ hasText: "Your order has shipped" }).click();
  const error = page.getByRole("region", { name: "Message events" }).getByTestId("message-error");
  await expect(error).toContainText("Not delivered");
  await expect(error).toContainText("What to do:");
  await expect(error).toContainText("undelivered");
  await snapBoth(page, "message-failure-reason");
});
