// Accounts that teams can trust (docs/decisions.md, "Accounts, teams, sessions and security"), as people use them: invites that
// arrive by mail and open in another browser, roles the server enforces,
// reset by mail, two factors (an authenticator app, recovery codes, a passkey
// through Chromium's virtual authenticator), and staff who must enrol first.
import { expect, test } from "./fixtures";
import { E2E } from "../playwright.config";
import {
  admin,
  enrolTotp,
  fillSignIn,
  mailTo,
  PASSWORD,
  signUp,
  snapBoth,
  totpCode,
  uniqueEmail,
  verifyEmailByMail,
} from "./helpers";

test("an owner invites a viewer by mail; the link signs them up in another browser; the server refuses what a viewer may not do", async ({
  page,
  browser,
  allowProblems,
}) => {
  allowProblems(
    /answer 403: POST .*\/api\/trpc\/keys\.create/,
    /status of 403/,
    /answer 404: GET .*\/audit/,
    /status of 404/,
    /answer 400: GET .*\/api\/trpc\/auth\.invite/, // the used link, opened again on purpose
    /status of 400/,
  );
  const { email, accountId } = await signUp(page, undefined, "Team Co");
  await expect(page.getByTestId("verify-email-banner")).toBeVisible();
  await verifyEmailByMail(page, email);
  await page.goto(`/accounts/${accountId}/team`);
  await expect(page.getByTestId("verify-email-banner")).toHaveCount(0);

  const viewerEmail = uniqueEmail("viewer");
  const form = page.getByRole("form", { name: "Invite a teammate" });
  await form.getByLabel("Email").fill(viewerEmail);
  await form.getByLabel("Role").selectOption("viewer");
  await form.getByRole("button", { name: "Send invite" }).click();
  await expect(page.getByTestId("invite-row")).toContainText(viewerEmail);
  await expect(form.getByRole("status")).toHaveText(
    `Invite mailed to ${viewerEmail}. The link works once, for 7 days.`,
  );
  await snapBoth(page, "team");

  const { link } = await mailTo(viewerEmail, /invited to Team Co/);
  const second = await browser.newContext();
  const viewer = await second.newPage();
  await viewer.goto(link);
  await expect(viewer.getByText("You are invited to")).toContainText("Team Co");
  await snapBoth(viewer, "invite");
  await viewer.getByLabel("Choose a password").fill(PASSWORD);
  await viewer.getByRole("button", { name: "Join Team Co" }).click();
  await expect(viewer).toHaveURL(`/accounts/${accountId}`);

  // The viewer reads, and the server refuses a change even when the hidden button is bypassed.
  await viewer.goto(`/accounts/${accountId}/keys`);
  await expect(viewer.getByTestId("key-row")).toHaveCount(1);
  await expect(viewer.getByRole("button", { name: "Create key" })).toHaveCount(0);
  const refused = await viewer.request.post("/api/trpc/keys.create", {
    data: { json: { accountId, name: "sneaky", mode: "test" } },
  });
  expect(refused.status()).toBe(403);
  await expect(viewer.getByRole("link", { name: "Audit log" })).toHaveCount(0);
  expect((await viewer.goto(`/accounts/${accountId}/audit`))?.status()).toBe(404);

  // The owner sees who joined, and the link cannot be used again.
  await page.reload();
  await expect(page.getByTestId("member-row")).toHaveCount(2);
  await expect(page.getByTestId("invite-row")).toHaveCount(0);
  await page.getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByTestId("audit-row").first()).toContainText("member.joined");
  // Dates read the same on every page: the month by name, and the zone where the time matters.
  await expect(page.getByTestId("audit-row").first()).toContainText(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC/);
  await expect(page.getByTestId("audit-row").first()).toContainText(viewerEmail);
  await snapBoth(page, "audit-log");
  const csv = await page.request.get(`/accounts/${accountId}/audit/export?category=member`);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(await csv.text()).toMatch(/member\.invited[\s\S]*|member\.joined/);
  await viewer.goto(link);
  await expect(viewer.getByRole("alert").filter({ hasText: "already accepted" })).toBeVisible();
  await second.close();
});

test("a forgotten password is reset by mail; the other sessions end and the link works once", async ({
  page,
  browser,
  allowProblems,
}) => {
  allowProblems(/answer 400: POST .*\/api\/trpc\/auth\.resetPassword/, /status of 400/);
  const { email, accountId } = await signUp(page);
  const other = await browser.newContext();
  const lost = await other.newPage();
  await lost.goto("/signin");
  await lost.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(lost.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await lost.getByLabel("Email").fill(email);
  await lost.getByRole("button", { name: "Send reset link" }).click();
  await expect(lost.getByRole("status")).toContainText("reset link is on its way");
  await snapBoth(lost, "forgot-password");

  const { link } = await mailTo(email, /Reset your Kasa password/);
  await lost.goto(link);
  await lost.getByLabel("New password").fill("short");
  await lost.getByRole("button", { name: "Set new password" }).click();
  await expect(lost.getByRole("alert").filter({ hasText: "10 characters" })).toBeVisible();
  await lost.getByLabel("New password").fill("A-brand-new-pass-7");
  await lost.getByRole("button", { name: "Set new password" }).click();
  await expect(lost.getByRole("status")).toContainText("password is changed");
  await snapBoth(lost, "reset-password");

  await page.goto(`/accounts/${accountId}/keys`);
  await expect(page).toHaveURL(/\/signin/);
  await lost.goto("/signin");
  await lost.goto(link);
  await lost.getByLabel("New password").fill("Another-new-pass-8");
  await lost.getByRole("button", { name: "Set new password" }).click();
  await expect(lost.getByRole("alert").filter({ hasText: "already used" })).toBeVisible();
  await fillSignIn(lost, email, "A-brand-new-pass-7");
  await expect(lost).toHaveURL(`/accounts/${accountId}`);
  await other.close();
});

test("TOTP set up on the Profile page: a sign-in then needs a fresh code, or a recovery code, once", async ({
  page,
  browser,
  allowProblems,
}) => {
  allowProblems(/answer 401: POST .*\/api\/auth\/callback\/credentials/, /status of 401/); // wrong codes, on purpose
  const { email, accountId } = await signUp(page);
  await page.goto(`/accounts/${accountId}/profile`);
  const { secret, recoveryCodes } = await enrolTotp(page);
  await snapBoth(page, "profile-two-factor");
  await page.getByRole("button", { name: "I saved them" }).click();
  await expect(page.getByTestId("totp-status")).toContainText(/On since \d{1,2} [A-Z][a-z]{2} \d{4}\./);

  const laptop = await browser.newContext();
  const signin = await laptop.newPage();
  await fillSignIn(signin, email);
  const near = [-1, 0, 1].map((step) => totpCode(secret, step));
  await signin.getByLabel("Code from your authenticator app").fill(near.includes("000000") ? "111111" : "000000");
  await signin.getByRole("button", { name: "Verify" }).click();
  await expect(signin.getByRole("alert").filter({ hasText: "not right" })).toBeVisible();
  await snapBoth(signin, "signin-second-factor");
  await signin.getByLabel("Code from your authenticator app").fill(totpCode(secret, 1));
  await signin.getByRole("button", { name: "Verify" }).click();
  await expect(signin).toHaveURL(`/accounts/${accountId}`);
  await laptop.close();

  for (const attempt of [0, 1]) {
    const context = await browser.newContext();
    const p = await context.newPage();
    await fillSignIn(p, email);
    await p.getByRole("button", { name: "Use a recovery code instead" }).click();
    await p.getByLabel("Recovery code").fill(recoveryCodes[0]!);
    await p.getByRole("button", { name: "Verify" }).click();
    if (attempt === 0) await expect(p).toHaveURL(`/accounts/${accountId}`);
    else await expect(p.getByRole("alert").filter({ hasText: "not right" })).toBeVisible();
    await context.close();
  }
  await page.reload();
  await expect(page.getByTestId("recovery-left")).toHaveText("9 of 10 recovery codes left.");
});

test("a passkey enrolled through Chromium's virtual authenticator completes a sign-in", async ({ browser }) => {
  // WebAuthn needs a host name, not an IP address: this browser uses the app as localhost.
  const context = await browser.newContext({ baseURL: E2E.LOCALHOST_URL });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "usb",
      hasResidentKey: false,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const { email, accountId } = await signUp(page);
  await page.goto(`/accounts/${accountId}/profile`);
  const addPasskey = page.getByRole("form", { name: "Add a passkey" });
  await addPasskey.getByLabel("Passkey name").fill("Desk key");
  await addPasskey.getByLabel("Your password").fill(PASSWORD);
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await page.getByRole("button", { name: "I saved them" }).click();
  await expect(page.getByTestId("passkey-row")).toContainText("Desk key");

  await context.clearCookies();
  await page.goto("/signin");
  await fillSignIn(page, email);
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page).toHaveURL(`/accounts/${accountId}`);
  await page.goto(`/accounts/${accountId}/profile`);
  await expect(page.getByTestId("passkey-row")).toContainText("last used");
  await context.close();
});

test("a staff user without a second factor reaches only the enrolment page and gets no staff data", async ({
  page,
}) => {
  const email = uniqueEmail("staff-2fa");
  admin("staff", "create", "--email", email, "--password", PASSWORD);
  await page.goto("/signin?callbackUrl=/admin");
  await fillSignIn(page, email);
  await expect(page).toHaveURL(/\/two-factor$/);
  await snapBoth(page, "two-factor-enrolment");
  await page.goto("/admin/operations");
  await expect(page).toHaveURL(/\/two-factor$/);
  const queries = ["search", "transaction", "account", "operations"];
  const mutations = ["setStatus", "adjustBalance", "changePlan", "refund", "replayDelivery", "addContentRule"];
  for (const name of queries) {
    const answer = await page.request.get(
      `/api/trpc/staff.${name}?input=${encodeURIComponent('{"json":{"q":"a","id":"a"}}')}`,
    );
    expect(answer.status(), name).toBe(404);
  }
  for (const name of mutations) {
    const answer = await page.request.post(`/api/trpc/staff.${name}`, { data: { json: { accountId: "acct_x" } } });
    expect(answer.status(), name).toBe(404);
  }
  await enrolTotp(page);
  await page.getByRole("button", { name: "I saved them" }).click();
  await page.getByRole("link", { name: "Continue to the staff console" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const search = await page.request.get(`/api/trpc/staff.search?input=${encodeURIComponent('{"json":{"q":"abc"}}')}`);
  expect(search.status()).toBe(200);
});
