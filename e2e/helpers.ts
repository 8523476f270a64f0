import { expect, type Locator, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { spawnSync } from "node:child_process";
import { TOTP, Secret } from "otpauth";
import { E2E } from "../playwright.config";

export const PASSWORD = "correct-horse-42";
/** Sent as a message body by the suite; the server's log of the run must never contain it (e2e/global-teardown.ts). */
export const LOG_CANARY = "log-canary-message-body-3f9c";

export function uniqueEmail(label = "e2e"): string {
  return `${label}-${randomBytes(5).toString("hex")}@example.com`;
}

/**
 * A screenshot in test-results/screens (not committed), to look at, taken when E2E_SCREENSHOTS=on: a run nobody looks
 * at (CI) skips the 0.3 to 1 s each full-page capture costs.
 */
export async function snap(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS !== "on") return;
  // Line charts draw once on screen and the page idle (components/charts): the picture is of them drawn. One below
  // the fold on a phone is brought on screen first, then the page goes back to its top.
  for (const chart of await page.locator("[data-chart=line]").all()) {
    await chart.scrollIntoViewIfNeeded();
    await chart.locator("svg").first().waitFor({ timeout: 10_000 });
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

/** Signs up through the form and returns the new account's id from the URL of the welcome step it lands on. */
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
  await page.waitForURL(/\/accounts\/acct_[0-9A-Za-z]+\/get-started$/);
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

/** The newest system mail to `to` (subject matching), as the relay received it; waits up to 10 s. */
export async function mailTo(to: string, subject: RegExp): Promise<{ subject: string; text: string; link: string }> {
  const answer = await fetch(`${E2E.INBOX_URL}/mail?${new URLSearchParams({ to, subject: subject.source })}`);
  expect(answer.status, `mail to ${to} matching ${subject}`).toBe(200);
  const mail = (await answer.json()) as { subject: string; text: string };
  const link = /(https?:\/\/\S+#token=[0-9A-Za-z]+)/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeTruthy();
  return { ...mail, link: link! };
}

/**
 * The element is on screen across, whole: scrolled to vertically (the window only, never a scrolling box around it,
 * which would hide a column that is cut off), then inside the viewport's width.
 */
export async function expectOnScreenAcross(locator: Locator) {
  await locator.evaluate((el) => window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - 100 }));
  const box = (await locator.boundingBox())!;
  const width = locator.page().viewportSize()!.width;
  expect(box.x, "its left edge is on screen").toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `its right edge is on screen (${width} px wide)`).toBeLessThanOrEqual(width);
  // And nothing around it clips it (a scrolling box whose visible part ends before it does).
  const clipped = await locator.evaluate((el) => {
    const own = el.getBoundingClientRect();
    for (let box = el.parentElement; box; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (style.overflowX === "visible") continue;
      const visible = box.getBoundingClientRect();
      if (own.right > visible.right + 1 || own.left < visible.left - 1) return true;
    }
    return false;
  });
  expect(clipped, "no box around it cuts it off").toBe(false);
}

/** Screenshots at 1440 and 390 px wide; at 390 the page must not scroll sideways. */
export async function snapBoth(page: Page, name: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await snap(page, `${name}-1440`);
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
  await snap(page, `${name}-390`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Signs in through the form (password step; a second factor, when owed, is the caller's next step). */
export async function fillSignIn(page: Page, email: string, password = PASSWORD) {
  if (!new URL(page.url()).pathname.startsWith("/signin")) await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Follows the verification link from the sign-up mail, as the person would. */
export async function verifyEmailByMail(page: Page, email: string) {
  const { link } = await mailTo(email, /Verify your email/);
  await page.goto(link);
  await expect(page.getByRole("status")).toContainText("is verified");
}

/** Sets up an authenticator app on the page it is on (Profile or /two-factor); returns its secret. */
export async function enrolTotp(page: Page, password = PASSWORD): Promise<{ secret: string; recoveryCodes: string[] }> {
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  const confirm = page.getByRole("form", { name: "Set up an authenticator app" });
  await confirm.getByLabel("Your password").fill(password);
  await confirm.getByRole("button", { name: "Set up an authenticator app" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!;
  await page.getByLabel("Code from the app").fill(totpCode(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  const codes = page.getByTestId("recovery-codes").getByRole("listitem");
  await expect(codes).toHaveCount(10);
  return { secret, recoveryCodes: await codes.allTextContents() };
}

/** The authenticator app's code for `secret`, `ahead` 30-second steps from now. */
export function totpCode(secret: string, ahead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({
    timestamp: Date.now() + ahead * 30_000,
  });
}

/**
 * A new staff user signs in: staff must have a second factor, so they land on
 * /two-factor and enrol an authenticator app before anything else.
 */
export async function signInAsNewStaff(page: Page, then = "/admin"): Promise<string> {
  const email = uniqueEmail("staff");
  admin("staff", "create", "--email", email, "--password", PASSWORD, "--name", "Support Sam");
  await page.goto(`/signin?callbackUrl=${encodeURIComponent(then)}`);
  await fillSignIn(page, email);
  await expect(page).toHaveURL(/\/two-factor$/);
  await enrolTotp(page);
  await page.getByRole("button", { name: "I saved them" }).click();
  await page.getByRole("link", { name: "Continue to the staff console" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  if (then !== "/admin") await page.goto(then);
  return email;
}
