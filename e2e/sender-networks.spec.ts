import { expect, test } from "./fixtures";
import { createKeyInUi, signInAsNewStaff, signUp, snapBoth } from "./helpers";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

test("a sender ID applied for with a document, approved by staff on MTN only: a send to a Telecel number is refused naming it, then goes with the fallback", async ({
  page,
  browser,
}) => {
  const { accountId } = await signUp(page, undefined, "Networks Co");
  await page.goto(`/accounts/${accountId}/domains`);
  const apply = page.getByRole("form", { name: "Apply for a sender ID" });
  await expect(apply.getByRole("button", { name: "Apply" })).toBeEnabled();
  await apply.getByLabel("Sender ID").fill("NetworksCo");
  await apply.getByLabel("Country").selectOption("GH");
  await apply.getByLabel("What you send with it").fill("Order updates");
  await apply.getByLabel("Company name").fill("Networks Co Ltd");
  await apply.getByLabel("A sample message").fill("Your order 1042 is on its way");
  await apply
    .getByLabel(/^Documents/)
    .setInputFiles({ name: "registration.pdf", mimeType: "application/pdf", buffer: PDF });
  await apply.getByRole("button", { name: "Apply" }).click();
  const row = page.getByTestId("sender-id-row").filter({ hasText: "NetworksCo" });
  await expect(row.getByTestId("sender-network-mtn")).toContainText("pending");
  await expect(row.getByTestId("sender-network-telecel")).toContainText("pending");
  // The document is the customer's to download, as the file it sent.
  const download = page.waitForEvent("download");
  await row.getByRole("link", { name: "registration.pdf" }).click();
  expect((await download).suggestedFilename()).toBe("registration.pdf");

  // Staff record MTN's approval from the queue; the other networks have not answered.
  const staff = await (await browser.newContext()).newPage();
  await signInAsNewStaff(staff, "/admin/sender-ids");
  const mtn = staff.getByTestId("queue-GH-mtn").getByTestId("queue-item").filter({ hasText: "NetworksCo" });
  await expect(mtn).toContainText("Your order 1042 is on its way");
  await expect(mtn.getByRole("link", { name: /registration\.pdf/ })).toBeVisible();
  const approve = mtn.getByRole("form", { name: "Approve NetworksCo on MTN" });
  await approve.getByLabel("Reason").fill("MTN approved it on 26 Nov");
  await approve.getByRole("button", { name: "Approve NetworksCo on MTN" }).click();
  await expect(staff.getByTestId("queue-GH-mtn").getByText("NetworksCo")).toHaveCount(0);
  await expect(staff.getByTestId("queue-GH-telecel")).toContainText("NetworksCo");
  await snapBoth(staff, "admin-sender-ids");
  await staff.context().close();

  await page.reload();
  await expect(row.getByTestId("sender-network-mtn")).toContainText("approved");
  await snapBoth(page, "domains-sender-networks");

  // A Telecel number (the sandbox's): refused before any charge, naming the network; then the fallback.
  const key = await createKeyInUi(page, accountId, "Networks", "test");
  const refused = await page.request.post("/api/v1/sms/send", {
    headers: { authorization: `Bearer ${key}` },
    data: { to: "+233201000001", message: "Hello", from: "NetworksCo" },
  });
  expect(refused.status()).toBe(400);
  const error = ((await refused.json()) as { error: { reason: string; network: string; message: string } }).error;
  expect(error).toMatchObject({ reason: "sender_id_not_approved_on_network", network: "telecel" });
  expect(error.message).toContain("Telecel");
  const fallback = await page.request.post("/api/v1/sms/send", {
    headers: { authorization: `Bearer ${key}` },
    data: { to: "+233201000001", message: "Hello", from: "NetworksCo", sender_fallback: true },
  });
  expect(fallback.status()).toBe(200);
  expect(((await fallback.json()) as { data: { from: string } }).data.from).not.toBe("NetworksCo");
});
