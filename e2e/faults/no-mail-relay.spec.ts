// A deployment without a mail relay (no SMTP_URL, as on a developer's machine): no page says a mail was sent when
// it was not. The verification banner says the link went to the server log; an invite shows its owner the link to
// pass on, and that link lets the teammate in. Its own server (the fault rig's production web process), since the
// browser suite's has a relay.
import { expect, test } from "@playwright/test";
import { FaultRig } from "../../test/fault-rig";
import { freePort } from "../../test/free-port";
import { PASSWORD, uniqueEmail } from "../helpers";
import { auditPage, watchLayoutShift } from "../audit-page";

test("with no mail relay, the verification banner and an invite say the mail was not sent, and the invite's link works", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // Its links name the address the browser uses (KASA_PUBLIC_URL), as a deployment's would.
  const port = await freePort();
  const rig = new FaultRig({ env: { KASA_PUBLIC_URL: `http://127.0.0.1:${port}` } });
  rig.webPort = port;
  await rig.start();
  try {
    const owner = await browser.newContext({ baseURL: rig.url });
    await watchLayoutShift(owner);
    const page = await owner.newPage();
    const email = uniqueEmail("norelay");
    await page.goto("/signup");
    await page.getByLabel("Account name").fill("Offline Ltd");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(/\/accounts\/acct_[0-9A-Za-z]+\/get-started$/);
    const accountId = new URL(page.url()).pathname.split("/")[2]!;

    const banner = page.getByTestId("verify-email-banner");
    await banner.getByRole("button", { name: "Resend the link" }).click();
    await expect(banner.getByRole("status")).toContainText("Not mailed: this deployment has no mail relay");
    await expect(banner.getByRole("status")).not.toContainText("on its way");

    await page.goto(`/accounts/${accountId}/team`);
    const form = page.getByRole("form", { name: "Invite a teammate" });
    const teammate = uniqueEmail("teammate");
    await form.getByLabel("Email").fill(teammate);
    await form.getByRole("button", { name: "Send invite" }).click();
    const notice = page.getByTestId("invite-link");
    await expect(notice).toContainText(`Not mailed: this deployment has no mail relay (SMTP_URL). Send ${teammate}`);
    const link = (await notice.locator("code").last().textContent())!;
    expect(link).toMatch(/\/invite#token=[0-9A-Za-z]+$/);
    await auditPage(page, "team-no-relay");

    const other = await browser.newContext({ baseURL: rig.url });
    const invited = await other.newPage();
    await invited.goto(link);
    await expect(invited.getByText("You are invited to")).toContainText("Offline Ltd");
    await invited.getByLabel("Choose a password").fill(PASSWORD);
    await invited.getByRole("button", { name: "Join Offline Ltd" }).click();
    await expect(invited).toHaveURL(new RegExp(`/accounts/${accountId}$`));
    await Promise.all([owner.close(), other.close()]);
  } finally {
    await rig.stop();
  }
});
