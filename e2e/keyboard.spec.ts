// The dashboard by keyboard alone (docs/decisions.md, "Accessibility and pages"): from the top of the keys page,
// Tab and Enter reach every control of key creation, each focused control
// shows where focus is, and the key is made without touching the mouse.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signUp } from "./helpers";

/** What the focused element is called: its label, its text, or its name attribute. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { name: "", visible: false, tag: "" };
    const style = getComputedStyle(el);
    const ring = style.outlineStyle !== "none" || style.boxShadow !== "none";
    const label = el.getAttribute("aria-label") ?? (el as HTMLInputElement).labels?.[0]?.innerText;
    return { name: (label ?? el.innerText ?? "").trim(), visible: ring, tag: el.tagName.toLowerCase() };
  });
}

/** Presses Tab until the named control has focus; every stop on the way must show a focus indicator. */
async function tabTo(page: Page, name: string | RegExp, limit = 40) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    const now = await focused(page);
    expect(now.visible, `"${now.name}" (${now.tag}) shows that it has focus`).toBe(true);
    if (typeof name === "string" ? now.name === name : name.test(now.name)) return;
  }
  throw new Error(`${name} was not reached in ${limit} presses of Tab`);
}

test("a developer creates an API key with the keyboard alone", async ({ page }) => {
  const { accountId } = await signUp(page, undefined, "Keyboard Co");
  await page.goto(`/accounts/${accountId}/keys`);
  await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();

  // The first stop skips the menu.
  await page.keyboard.press("Tab");
  expect((await focused(page)).name).toBe("Skip to content");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeVisible();
  await page.keyboard.press("Enter");

  await tabTo(page, "Create key");
  await page.keyboard.press("Enter");
  const form = page.getByRole("form", { name: "New API key" });
  // The form puts focus on its first field.
  await expect(form.getByLabel("Name")).toBeFocused();
  await page.keyboard.type("Keyboard server");

  // Live mode by arrow keys inside the radio group.
  await tabTo(page, /^Test \(sandbox/);
  await page.keyboard.press("ArrowRight");
  await expect(form.getByRole("radio", { name: /Live/ })).toBeChecked();

  // One scope off with the space bar.
  await tabTo(page, "webhooks:manage");
  await page.keyboard.press("Space");
  await expect(form.getByRole("checkbox", { name: "webhooks:manage" })).not.toBeChecked();

  await tabTo(page, "Create key");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("new-key")).toHaveText(/^kasa_live_/);
  const row = page.getByRole("row").filter({ hasText: "Keyboard server" });
  await expect(row).toContainText("live");
  await expect(row).not.toContainText("webhooks:manage");
});
