import { expect, test } from "./fixtures";
import { E2E } from "../playwright.config";
import { admin, createKeyInUi, signUp, snap, verifyEmailByMail } from "./helpers";

test("a customer applies for a sender ID per market, verifies a phone number by SMS code, and follows a live SMS through its carrier", async ({
  page,
  request,
  allowProblems,
}) => {
  // The same sender ID twice and a wrong code are refused on purpose.
  allowProblems(
    /answer 409: POST .*\/api\/trpc\/senders\.applySenderId/,
    /answer 400: POST .*\/api\/trpc\/senders\.confirmNumber/,
    /status of (400|409)/,
  );
  const { accountId, email } = await signUp(page, undefined, "Sender Co");
  await verifyEmailByMail(page, email);
  await page.goto(`/accounts/${accountId}/domains`);
  const apply = page.getByRole("form", { name: "Apply for a sender ID" });
  await expect(apply.getByRole("button", { name: "Apply" })).toBeEnabled();
  await apply.getByLabel("Sender ID").fill("SenderCo");
  await apply.getByLabel("Country").selectOption("GH");
  await apply.getByLabel("What you send with it").fill("Order updates");
  await apply.getByRole("button", { name: "Apply" }).click();
  const senderRows = page.getByTestId("sender-id-row");
  await expect(senderRows).toHaveCount(1);
  await expect(senderRows.first()).toContainText("pending");
  // The same name in the same market again is refused, clearly.
  await apply.getByLabel("Sender ID").fill("SenderCo");
  await apply.getByRole("button", { name: "Apply" }).click();
  await expect(apply.getByRole("alert")).toContainText("already applied");

  const verify = page.getByRole("form", { name: "Verify a phone number" });
  const number = `+23320${String(Date.now()).slice(-7)}`;
  await verify.getByLabel("Phone number (E.164)").fill(number);
  await verify.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByRole("status").filter({ hasText: "We texted a code" })).toBeVisible();
  // The code went out through the live carrier (a Twilio-compatible server here).
  const texts = (await (await request.get(`${E2E.TWILIO_URL}/__test/messages`)).json()) as {
    To: string;
    Body: string;
  }[];
  const code = /(\d{6})/.exec(texts.filter((t) => t.To === number).at(-1)!.Body)![1]!;
  const confirm = page.getByRole("form", { name: `Confirm ${number}` });
  await confirm.getByLabel("Code").fill(code === "000000" ? "111111" : "000000");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "not right" })).toBeVisible();
  await confirm.getByLabel("Code").fill(code);
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("number-row").first()).toContainText("verified");
  await snap(page, "domains-senders");

  // A live SMS from the verified number; its detail shows the route and the carrier that took it.
  const liveKey = await createKeyInUi(page, accountId, "Production", "live");
  admin("balance", "credit", "--account", accountId, "--amount", "1.00", "--reason", "e2e top-up");
  const sent = await request.post("/api/v1/sms/send", {
    headers: { authorization: `Bearer ${liveKey}` },
    data: { to: "+14155550100", message: "From my own number", from: number },
  });
  expect(sent.status()).toBe(200);
  await page.goto(`/accounts/${accountId}/messages`);
  await page.getByTestId("message-row").filter({ hasText: "From my own number" }).click();
  const attempts = page.getByRole("list", { name: "Carrier attempts" });
  await expect(attempts).toContainText("twilio accepted");
  await expect(page.getByTestId("sms-route")).toContainText("Route global");
  await snap(page, "message-carrier-attempts");
});
