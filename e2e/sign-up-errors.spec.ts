import { expect, test } from "./fixtures";
import { PASSWORD, signUp, snap, uniqueEmail } from "./helpers";

test("sign-up refuses a malformed email, a weak password and a taken email, with the reason on the form", async ({
  page,
  browser,
  allowProblems,
}) => {
  allowProblems(/answer (400|409): POST .*\/api\/trpc\/auth\.signUp/, /status of (400|409)/);
  const taken = uniqueEmail("taken");
  const first = await browser.newContext();
  await signUp(await first.newPage(), taken);
  await first.close();

  await page.goto("/signup");
  const email = page.getByLabel("Email");
  const password = page.getByLabel("Password");
  const submit = page.getByRole("button", { name: "Create account" });

  await email.fill("not-an-email");
  await password.fill(PASSWORD);
  await submit.click();
  await expect(page.getByText("Enter a valid email address")).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await snap(page, "signup-bad-email");

  await email.fill(uniqueEmail());
  await password.fill("short");
  // The rule is checked in the page: no request leaves for a password the server would refuse.
  let signUpCalls = 0;
  page.on("request", (r) => r.url().includes("auth.signUp") && signUpCalls++);
  await submit.click();
  await expect(page.getByText("Use at least 10 characters")).toBeVisible();
  expect(signUpCalls).toBe(0);
  await snap(page, "signup-weak-password");

  await email.fill(taken.toUpperCase());
  await password.fill(PASSWORD);
  await submit.click();
  await expect(page.getByText("An account with this email already exists. Sign in instead.")).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
  await snap(page, "signup-taken");
});

test("health answers 200 from the process, readiness with the database status", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ success: true, data: { status: "ok" } });
  expect((await (await request.get("/api/health/ready")).json()).data).toMatchObject({ database: "ok" });
});
