// Contacts, Templates and Broadcasts (docs/decisions.md, "Contacts, templates and broadcasts"), as a customer meets them in test mode: a CSV previewed (its
// columns, first rows and the rows left out) and imported into a list; a template written against its live preview
// and segment count; a broadcast made from both, its cost shown before it is sent, then followed to the end.
import { expect, test } from "./fixtures";
import { expectOnScreenAcross, signUp, snapBoth } from "./helpers";
import { auditPage, watchLayoutShift } from "./audit-page";

const CSV = [
  "phone,first_name,City",
  "0241234001,Ama,Accra",
  "+233241234002,Kwame,Kumasi",
  "024 123 4001,Ama again,Accra",
  "12345,Nobody,Tamale",
].join("\n");

test("a CSV import previewed and run, a template previewed, and a broadcast sent to the list in the sandbox", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await watchLayoutShift(context);
  const { accountId } = await signUp(page, undefined, "Broadcasting Ltd");

  // Contacts: a list, then the file, previewed before anything is written.
  await page.goto(`/accounts/${accountId}/contacts`);
  await page.getByRole("button", { name: "Test" }).click();
  await page.getByLabel("New list").fill("Customers");
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByText("Customers · 0 contacts")).toBeVisible();
  await page
    .getByLabel("File")
    .setInputFiles({ name: "customers.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
  await page.getByLabel("Add them to a list").selectOption({ label: "Customers" });
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByTestId("import-preview");
  await expect(preview).toContainText("4 rows: 2 new contacts, 0 updated, 2 skipped.");
  await expect(preview).toContainText("city → attributes.city");
  await expect(preview.getByRole("row", { name: /\+233241234001 — Ama city: Accra/ })).toBeVisible();
  await expect(preview.getByRole("row", { name: "4 duplicate of row 2" })).toBeVisible();
  await expect(preview.getByRole("row", { name: /5 .*not a phone number/ })).toBeVisible();
  await auditPage(page, "contacts-preview");
  await snapBoth(page, "contacts-preview");
  await page.getByRole("button", { name: "Import 2 contacts" }).click();
  await expect(page.getByRole("status")).toContainText("Imported 2 new, updated 0, skipped 2.");
  await expect(page.getByText("Customers · 2 contacts")).toBeVisible();
  await expect(page.getByRole("row", { name: /Kwame .*\+233241234002/ })).toBeVisible();
  // At 1440 px every column is on screen, each row's Delete included; on a phone each contact is a block.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expectOnScreenAcross(page.getByRole("columnheader", { name: "Added" }));
  await expectOnScreenAcross(page.getByRole("button", { name: "Delete Kwame" }));
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("list", { name: "Contacts" }).getByText("+233241234002")).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await auditPage(page, "contacts");
  await snapBoth(page, "contacts");

  // Templates: the preview renders a sample contact and counts segments as sms/send does.
  await page.goto(`/accounts/${accountId}/templates`);
  await page.getByRole("button", { name: "Test" }).click();
  await page.getByLabel("Name").fill("Opening");
  await page.getByLabel("Message").fill('Hi {{first_name | "there"}}, our {{attributes.city}} shop opens Saturday.');
  await expect(page.getByTestId("preview-body")).toHaveText("Hi Ama, our Accra shop opens Saturday.");
  await expect(page.getByTestId("preview-segments")).toHaveText(/GSM-7 · 38 characters · 1 segment/);
  await page.getByLabel("Message").fill("Hi {{first_name}}, ça ouvre samedi à Accra.");
  await expect(page.getByTestId("preview-segments")).toHaveText(/Unicode \(UCS-2\) · 32 characters · 1 segment/);
  await page.getByLabel("Message").fill('Hi {{first_name | "there"}}, our {{attributes.city}} shop opens Saturday.');
  await expect(page.getByTestId("preview-body")).toHaveText("Hi Ama, our Accra shop opens Saturday.");
  await auditPage(page, "templates");
  await snapBoth(page, "templates");
  await page.getByRole("button", { name: "Save template" }).click();
  await expect(page.getByRole("status")).toContainText("Saved Opening");
  await expect(page.getByRole("listitem").filter({ hasText: "Opening" })).toBeVisible();
  // Edited as its next version (broadcasts made from the first keep what they copied).
  await page.getByRole("button", { name: "Edit the template Opening" }).click();
  await expect(page.getByLabel("Message")).toHaveValue(
    'Hi {{first_name | "there"}}, our {{attributes.city}} shop opens Saturday.',
  );
  await page
    .getByLabel("Message")
    .fill(
      'Hi {{first_name | "there"}}, our {{attributes.city}} shop opens Saturday at 9: https://shop.example.com/accra/opening-day?utm_source=sms',
    );
  // Its link becomes a short link of each recipient's own; the preview shows one of the length it will have.
  await page.getByLabel("Shorten links and count clicks").check();
  await expect(page.getByTestId("preview-body")).toHaveText(
    /shop opens Saturday at 9: http:\/\/[^ ]+\/l\/[A-Za-z0-9]{8}$/,
  );
  await page.getByRole("button", { name: "Save version 2" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "Opening" })).toContainText("version 2");
  await expect(page.getByRole("heading", { name: "New template" })).toBeVisible();
  await snapBoth(page, "templates-edited");

  // Broadcasts: a draft with its recipients and estimate, then sent and followed to the end.
  await page.goto(`/accounts/${accountId}/broadcasts`);
  await page.getByRole("button", { name: "Test" }).click();
  await page.getByRole("button", { name: "New broadcast" }).click();
  await page.getByLabel("Name").fill("Saturday opening");
  await page.getByLabel("Audience").selectOption({ label: "Customers (2 contacts)" });
  await page.getByLabel("Content").selectOption({ label: "Template: Opening" });
  // Transactional: a Ghanaian Sunday's rule against promotional SMS must not decide whether this test passes.
  await page.getByLabel("Category").selectOption("transactional");
  await expect(page.getByLabel("Send with API key")).not.toHaveValue("");
  await auditPage(page, "broadcasts-new");
  await snapBoth(page, "broadcasts-new");
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page.getByRole("heading", { name: "Saturday opening" })).toBeVisible();
  // Test mode charges nothing, and says so rather than showing a cost.
  await expect(
    page.getByText(/SMS to 2 recipients · test mode: nothing is charged \(live, about \$0\.\d+\)/),
  ).toBeVisible();
  await expect(page.getByText("spent so far")).toHaveCount(0);
  await page.getByRole("button", { name: "Send to the 2 in its list now" }).click();
  await expect(page.getByTestId("count-queued")).toHaveText("0", { timeout: 30_000 });
  // Once the detail says sent, the list beside it says so too, at once (its own poll is every 10 s).
  await expect(page.getByRole("region", { name: "Saturday opening" })).toContainText(/^Saturday opening\s*sent/, {
    timeout: 20_000,
  });
  await expect(page.getByRole("listitem").filter({ hasText: "Saturday opening" })).toContainText("sent", {
    timeout: 5_000,
  });
  const settled =
    Number(await page.getByTestId("count-delivered").textContent()) +
    Number(await page.getByTestId("count-sent").textContent());
  expect(settled).toBe(2);
  await expect(page.getByTestId("count-clicked")).toHaveText("0");
  await expect(page.getByRole("figure", { name: /Recipients settled per minute: 2 sent/ })).toBeVisible();
  await auditPage(page, "broadcasts");
  await snapBoth(page, "broadcasts");
});
