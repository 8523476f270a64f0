import { describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { signUp } from "./sign-up";
import { uniqueEmail, TEST_PASSWORD } from "../../../test/factories";
import { rowCounts } from "../../../test/row-counts";
import { passwordMatches } from "../users/password";
import { SCOPES } from "../keys/scopes";

describe("sign-up", () => {
  it("creates the person, their first account on the free plan, and its test key (a live key is made where its secret is shown)", async () => {
    const email = uniqueEmail("Signup").replace("signup", "SignUp");
    const { userId, accountId } = await signUp({ email: ` ${email} `, password: TEST_PASSWORD, name: "Acme Ltd" });

    const user = await db().user.findUniqueOrThrow({ where: { id: userId } });
    expect(user.email).toBe(email.toLowerCase());
    expect(user.isStaff).toBe(false);
    expect(await passwordMatches(user.passwordHash!, TEST_PASSWORD)).toBe(true);

    const account = await db().account.findUniqueOrThrow({
      where: { id: accountId },
      include: { memberships: true, apiKeys: true },
    });
    expect(account).toMatchObject({
      name: "Acme Ltd",
      planId: "free",
      status: "active",
      currency: "USD",
      balanceMicros: 0n,
    });
    expect(account.memberships).toEqual([expect.objectContaining({ userId, role: "owner" })]);
    expect(account.apiKeys.map((k) => k.mode)).toEqual(["test"]);
    expect(account.apiKeys.every((k) => k.scopes.length === SCOPES.length && k.revokedAt === null)).toBe(true);
  });

  it("refuses a taken email, whatever its case, and writes nothing", async () => {
    const email = uniqueEmail("taken");
    await signUp({ email, password: TEST_PASSWORD });
    const before = await rowCounts();
    await expect(signUp({ email: email.toUpperCase(), password: "another-pass-9" })).rejects.toMatchObject({
      code: "CONFLICT",
      context: { reason: "email_taken" },
    });
    expect(await rowCounts()).toEqual(before);
  });

  it("refuses weak passwords and malformed emails with the field named, and writes nothing", async () => {
    const before = await rowCounts();
    await expect(signUp({ email: uniqueEmail(), password: "short" })).rejects.toMatchObject({
      code: "INVALID_REQUEST",
      context: { errors: [expect.objectContaining({ loc: ["password"], msg: "Use at least 10 characters" })] },
    });
    await expect(signUp({ email: "not-an-email", password: TEST_PASSWORD })).rejects.toMatchObject({
      code: "INVALID_REQUEST",
      context: { errors: [expect.objectContaining({ loc: ["email"], msg: "Enter a valid email address" })] },
    });
    expect(await rowCounts()).toEqual(before);
  });

  it("lets exactly one of two racing sign-ups with one email win", async () => {
    const email = uniqueEmail("race");
    const results = await Promise.allSettled([
      signUp({ email, password: TEST_PASSWORD }),
      signUp({ email, password: TEST_PASSWORD }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "CONFLICT" } });
    expect(await db().user.count({ where: { email } })).toBe(1);
  });
});
