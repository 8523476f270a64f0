// Coverage you can look at (docs/decisions.md, "First run and the Overview"): a world map coloured by route, a country's panel, and a price calculator
// whose quote is what sms/send then charges.
import { expect, test } from "./fixtures";
import { signUp, snapBoth } from "./helpers";

test("the map opens a country's panel, and the calculator prices a 161-character text as sms/send charges it", async ({
  page,
}) => {
  const { accountId } = await signUp(page);
  const key = (await page.getByTestId("welcome-key").textContent())!;
  await page.goto(`/accounts/${accountId}/coverage`);
  const map = page.getByTestId("coverage-map");
  await expect(map).toBeVisible();
  await expect(map).toHaveAttribute("aria-label", /World map of SMS coverage: \d+ countries covered/);
  await expect(map.locator('path[data-iso="GH"]')).toHaveAttribute("fill", "#1f9d63");

  await map.locator('path[data-iso="GH"]').click();
  const panel = page.getByRole("region", { name: "Ghana coverage" });
  await expect(panel).toContainText("africa_local");
  // Its promotional window, as the country rule says it: a send outside it waits; broadcasts need consent there.
  await expect(panel).toContainText("promotional: Mon–Sat, 08:00–19:00 (Africa/Accra)");
  await expect(panel).toContainText("broadcasts reach only contacts with consent on record");
  // Its networks, each with its codes and the ranges first allocated to it.
  await expect(panel.getByTestId("panel-networks").getByRole("listitem")).toHaveCount(4);
  await expect(panel.getByTestId("panel-networks")).toContainText(
    "Telecel (MCC 620, MNC 02): numbers from +23320, +23350",
  );
  await expect(panel.getByTestId("panel-networks")).toContainText("AT (MCC 620, MNC 03 and 06)");
  const example = (await panel.locator(".font-mono").first().textContent())!;
  expect(example).toMatch(/^\+233\d{9}$/);
  await snapBoth(page, "coverage-map");
  // A country without rules says what that means, in a customer's words.
  await map.locator('path[data-iso="NG"]').click();
  await expect(page.getByRole("region", { name: "Nigeria coverage" })).toContainText(
    "No country rules: transactional and promotional messages go out any day, at any hour.",
  );

  const calculator = page.getByRole("region", { name: "Price calculator" });
  await calculator.getByLabel("Message").fill("a".repeat(161));
  await expect(calculator.getByTestId("calculator-counts")).toHaveText("GSM-7 · 161 characters · 2 segments");
  const ghana = calculator.getByTestId("calculator-row").filter({ hasText: "Ghana" });
  const quoted = (await ghana.locator("td").nth(2).textContent())!.replace("$", "");

  const sent = await page.request.post("/api/v1/sms/send", {
    headers: { authorization: `Bearer ${key}` },
    data: { to: example, message: "a".repeat(161) },
  });
  expect(sent.status()).toBe(200);
  const { data } = await sent.json();
  expect(data.segments).toBe(2);
  expect(Number(quoted)).toBe(data.price.amount);

  // A country added, one removed, the total follows.
  await calculator.getByLabel("Add a country").selectOption({ label: "Togo" });
  await calculator.getByRole("button", { name: "Remove Kenya" }).click();
  await expect(calculator.getByTestId("calculator-row")).toHaveCount(3);
});
