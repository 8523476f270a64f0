// Two factors (docs/decisions.md, "Second factors and staff"): TOTP enrolment proven by a code, sign-in
// that a right password only opens and a code, or a recovery code, completes;
// each code good once; and staff with no second factor get no staff data.
import { describe, expect, it } from "vitest";
import { db } from "../../../db/client";
import { signedUpCustomer } from "../../../../test/factories";
import { callerFor } from "../../../../test/trpc-caller";
import { createStaffUser } from "../create-staff-user";
import { completeSecondFactor, openSignIn } from "./second-factor-sign-in";
import { totpFor } from "./totp";

const device = { userAgent: "vitest", ip: null };

function codeAt(secret: string, offsetSteps = 0): string {
  return totpFor(secret, "x@example.com").generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

async function enrolTotp(userId: string, PASSWORD = "correct-horse-42") {
  const me = await callerFor(userId);
  await expect(me.twoFactor.startTotp({ password: "not-my-password-1" })).rejects.toThrow(/password is not right/);
  const started = await me.twoFactor.startTotp({ password: PASSWORD });
  expect(started.uri).toMatch(/^otpauth:\/\/totp\/Kasa:.*secret=/);
  expect(started.qrSvg).toMatch(/^<svg/);
  const wrong = codeAt(started.secret) === "000000" ? "000001" : "000000";
  await expect(me.twoFactor.confirmTotp({ code: wrong })).rejects.toThrow(/not right/);
  expect((await me.twoFactor.status()).totpEnabledAt).toBeNull();
  const { recoveryCodes } = await me.twoFactor.confirmTotp({ code: codeAt(started.secret) });
  return { secret: started.secret, recoveryCodes: recoveryCodes! };
}

describe("TOTP", () => {
  it("is enrolled by proving a code, then a sign-in needs a fresh code or a recovery code, each good once", async () => {
    const { userId, email } = await signedUpCustomer("totp");
    expect((await openSignIn(userId, device)).methods).toEqual([]);
    const { secret, recoveryCodes } = await enrolTotp(userId);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await db().user.findUniqueOrThrow({ where: { id: userId } });
    expect(stored.totpSecret).toMatch(/^enc:v1:/);
    expect(await db().recoveryCode.findMany({ where: { userId } })).not.toContainEqual(
      expect.objectContaining({ codeHash: recoveryCodes[0] }),
    );

    const challenge = await openSignIn(userId, device);
    expect(challenge.methods).toEqual(["totp", "recovery"]);
    await expect(completeSecondFactor({ token: challenge.token, proof: { code: "12345" }, ip: null })).rejects.toThrow(
      /not right/,
    );
    // The code used at enrolment is spent; the next step's code is accepted once.
    await expect(
      completeSecondFactor({ token: challenge.token, proof: { code: codeAt(secret) }, ip: null }),
    ).rejects.toThrow(/not right/);
    const next = codeAt(secret, 1);
    expect(await completeSecondFactor({ token: challenge.token, proof: { code: next }, ip: null })).toMatchObject({
      id: userId,
      email,
    });
    await expect(completeSecondFactor({ token: challenge.token, proof: { code: next }, ip: null })).rejects.toThrow(
      /Start again/,
    );
    const again = await openSignIn(userId, device);
    await expect(completeSecondFactor({ token: again.token, proof: { code: next }, ip: null })).rejects.toThrow(
      /not right/,
    );

    const withRecovery = await openSignIn(userId, device);
    expect(
      await completeSecondFactor({
        token: withRecovery.token,
        proof: { recoveryCode: recoveryCodes[3]!.toUpperCase() },
        ip: null,
      }),
    ).toMatchObject({ id: userId });
    const reuse = await openSignIn(userId, device);
    await expect(
      completeSecondFactor({ token: reuse.token, proof: { recoveryCode: recoveryCodes[3]! }, ip: null }),
    ).rejects.toThrow(/not right/);
    expect((await (await callerFor(userId)).twoFactor.status()).recoveryCodesLeft).toBe(9);
    // Every wrong factor (not the refused, finished challenge) counted against the email, like a wrong password, and
    // so did the wrong password at enrolment; the right answers were forgiven.
    expect(await db().signInFailure.count({ where: { email } })).toBe(5);
  });

  it("gives a sign-in five tries, and removing the app needs the password", async () => {
    const { userId } = await signedUpCustomer("tries");
    const { secret } = await enrolTotp(userId);
    const challenge = await openSignIn(userId, device);
    for (let i = 0; i < 5; i++)
      await expect(
        completeSecondFactor({ token: challenge.token, proof: { code: "99999a" }, ip: null }),
      ).rejects.toThrow(/not right/);
    await expect(
      completeSecondFactor({ token: challenge.token, proof: { code: codeAt(secret, 1) }, ip: null }),
    ).rejects.toThrow(/Start again/);
    const me = await callerFor(userId);
    await expect(me.twoFactor.removeTotp({ password: "wrong-password-9" })).rejects.toThrow(/password is not right/);
    expect((await me.twoFactor.status()).totpEnabledAt).not.toBeNull();
    await me.twoFactor.removeTotp({ password: "correct-horse-42" });
    expect(await me.twoFactor.status()).toMatchObject({ totpEnabledAt: null, recoveryCodesLeft: 0 });
    expect((await openSignIn(userId, device)).methods).toEqual([]);
  });
});

describe("guesses sent all at once", () => {
  it("get no more tries than guesses sent one by one", async () => {
    const { userId, email } = await signedUpCustomer("burst");
    await enrolTotp(userId);
    const before = await db().signInFailure.count({ where: { email } });
    const challenge = await openSignIn(userId, device);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        completeSecondFactor({ token: challenge.token, proof: { code: "99999a" }, ip: null }),
      ),
    );
    expect(results.every((r) => r.status === "rejected")).toBe(true);
    const row = await db().authChallenge.findFirstOrThrow({ where: { userId, purpose: "sign_in" } });
    expect(row.tries).toBe(5);
    expect(await db().signInFailure.count({ where: { email } })).toBe(before + 5);
  });
});

describe("staff without a second factor", () => {
  it("get no staff data from any staff procedure and no dashboard procedure but enrolment", async () => {
    const staff = await createStaffUser({ email: `staff-${Date.now()}@kasa.test`, password: "Staff-pass-42" });
    const customer = await signedUpCustomer("customer-of-staff");
    const asStaff = await callerFor(staff.id);
    for (const call of [
      () => asStaff.staff.search({ q: customer.email }),
      () => asStaff.staff.account({ id: customer.accountId }),
      () => asStaff.staff.operations(),
    ])
      await expect(call()).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(asStaff.account.me()).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await asStaff.profile.me()).toMatchObject({ isStaff: true, hasSecondFactor: false });

    await enrolTotp(staff.id, "Staff-pass-42");
    const enrolled = await callerFor(staff.id);
    expect((await enrolled.staff.search({ q: customer.email })).accounts.map((a) => a.id)).toContain(
      customer.accountId,
    );
    // Staff keep at least one factor.
    await expect(enrolled.twoFactor.removeTotp({ password: "Staff-pass-42" })).rejects.toMatchObject({
      code: "CONFLICT",
    });
  });
});
