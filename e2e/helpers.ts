import { expect, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { spawnSync } from "node:child_process";
import { E2E } from "../playwright.config";

export const PASSWORD = "correct-horse-42";
/** Sent as a message body by the suite; the server's log of the run must never contain it (e2e/global-teardown.ts). */
export const LOG_CANARY = "log-canary-message-body-3f9c";

export function uniqueEmail(label = "e2e"): string {
  return `${label}-${randomBytes(5).toString("hex")}@example.com`;
}

/** Screenshots are kept as artifacts in test-results/screens (not committed) and looked at. */
export async function snap(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

/** Signs up through the form and returns the new account's id from the dashboard URL. */
export async function signUp(
  page: Page,
  email = uniqueEmail(),
  name?: string,
): Promise<{ email: string; accountId: string }> {
  await page.goto("/signup");
  if (name) await page.getByLabel("Account name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(/\/accounts\/acct_[0-9A-Za-z]+$/);
  const accountId = new URL(page.url()).pathname.split("/")[2]!;
  await expect(page.getByTestId("user-email")).toHaveText(email);
  return { email, accountId };
}

/** Creates a key on the API keys page and returns the full key, shown once. */
export async function createKeyInUi(
  page: Page,
  accountId: string,
  name: string,
  mode: "test" | "live",
): Promise<string> {
  await page.goto(`/accounts/${accountId}/keys`);
  await page.getByRole("button", { name: "Create key" }).click();
  const form = page.getByRole("form", { name: "New API key" });
  await form.getByLabel("Name").fill(name);
  if (mode === "live") await form.getByText("Live (real messages, charged)").click();
  await form.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByTestId("new-key");
  await expect(shown).toHaveText(new RegExp(`^kasa_${mode}_`));
  return (await shown.textContent())!;
}

/** The operator CLI, joining the embedded database the running app started. */
export function admin(...args: string[]) {
  const run = spawnSync(process.execPath, ["--import", "tsx", "server/cli/main.ts", ...args, "--json"], {
    env: { ...process.env, KASA_DATA_DIR: E2E.DATA_DIR, KASA_PG_PORT: String(E2E.PG_PORT), DATABASE_URL: "" },
    encoding: "utf8",
  });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}
