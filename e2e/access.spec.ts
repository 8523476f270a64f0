import { expect, test } from "./fixtures";
import { signUp, snap } from "./helpers";

test("a customer cannot open another account's pages: they get a 404, never the account", async ({
  browser,
  allowProblems,
}) => {
  allowProblems(/answer 404: GET .*\/accounts\/acct_/, /status of 404/);
  const alice = await browser.newContext();
  const bob = await browser.newContext();
  const alicePage = await alice.newPage();
  const bobPage = await bob.newPage();
  const { accountId: aliceAccount } = await signUp(alicePage, undefined, "Alice Co");
  await signUp(bobPage, undefined, "Bob Co");

  for (const path of ["", "/keys", "/billing"]) {
    const response = await bobPage.goto(`/accounts/${aliceAccount}${path}`);
    expect(response?.status(), path).toBe(404);
    await expect(bobPage.getByText("Alice Co")).toHaveCount(0);
  }
  await snap(bobPage, "other-account-404");

  // The data behind the page is closed too.
  const probe = await bobPage.request.get(
    `/api/trpc/keys.list?input=${encodeURIComponent(JSON.stringify({ json: { accountId: aliceAccount } }))}`,
  );
  expect(probe.status()).toBe(404);
  expect(await probe.text()).not.toContain("kasa_");
  await alice.close();
  await bob.close();
});

test("signed-out visitors are sent to sign in, and come back after", async ({ page, browser, allowProblems }) => {
  allowProblems(/answer 401: POST .*\/api\/trpc\/auth\.startSignIn/, /status of 401/); // the wrong password, on purpose
  const owner = await browser.newContext();
  const { email, accountId } = await signUp(await owner.newPage());
  await owner.close();

  await page.goto(`/accounts/${accountId}/keys`);
  await expect(page).toHaveURL(/\/signin\?callbackUrl=/);
  await snap(page, "signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("wrong-password-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "incorrect" })).toHaveText("Email or password is incorrect.");
  await snap(page, "signin-error");
  await page.getByLabel("Password").fill("correct-horse-42");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`/accounts/${accountId}/keys`);
  await expect(page.getByTestId("key-row")).toHaveCount(1);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/signin/);
  await page.goto(`/accounts/${accountId}`);
  await expect(page).toHaveURL(/\/signin\?callbackUrl=/);
});

test("ten wrong passwords, and the right one is refused too, with the time to try again", async ({
  page,
  browser,
  allowProblems,
}) => {
  allowProblems(/answer (401|429): POST .*\/api\/trpc\/auth\.startSignIn/, /status of (401|429)/); // guessing, on purpose
  const owner = await browser.newContext();
  const { email } = await signUp(await owner.newPage());
  await owner.close();

  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  for (let i = 0; i < 10; i++) {
    await page.getByLabel("Password").fill(`wrong-password-${i}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "incorrect" })).toHaveText(
      "Email or password is incorrect.",
    );
    await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  }
  await page.getByLabel("Password").fill("correct-horse-42");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Too many" })).toHaveText(
    /^Too many failed sign-ins\. Try again after \d\d:\d\d UTC\.$/,
  );
  await expect(page).toHaveURL(/\/signin/);
  await snap(page, "signin-throttled");
});

test("sign out everywhere else: the other browser's next page sends it to sign in", async ({
  page,
  browser,
  allowProblems,
}) => {
  // The other browser's open page may poll once more before it is sent to sign in: that call is refused, on purpose.
  allowProblems(/answer 401: GET .*\/api\/trpc\//, /status of 401/);
  const { email, accountId } = await signUp(page);
  const other = await browser.newContext({
    userAgent: "Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile Safari/537.36",
  });
  const phone = await other.newPage();
  await phone.goto("/signin");
  await phone.getByLabel("Email").fill(email);
  await phone.getByLabel("Password").fill("correct-horse-42");
  await phone.getByRole("button", { name: "Sign in" }).click();
  await expect(phone).toHaveURL(`/accounts/${accountId}`);

  await page.getByTestId("user-email").click();
  await expect(page).toHaveURL(`/accounts/${accountId}/profile`);
  const rows = page.getByTestId("session-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "this browser" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Chrome on Android" })).toHaveCount(1);
  await snap(page, "profile");
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, "profile-390");
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(rows).toHaveCount(1);

  await phone.goto(`/accounts/${accountId}/keys`);
  await expect(phone).toHaveURL(/\/signin\?callbackUrl=/);
  await page.goto(`/accounts/${accountId}/keys`);
  await expect(page).toHaveURL(`/accounts/${accountId}/keys`);
  await other.close();
});
