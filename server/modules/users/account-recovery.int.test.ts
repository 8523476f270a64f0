// Verified email, password reset and password change (docs/decisions.md, "Tokens, resets and invites"), through the
// dashboard's procedures and the real relay path: the links
// are read out of the mail the SMTP sink received.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { linkIn, useSmtpSink } from "../../../test/smtp-sink";
import { signedUpCustomer, TEST_PASSWORD, uniqueEmail } from "../../../test/factories";
import { callerFor } from "../../../test/trpc-caller";
import { api } from "../../../test/api";
import { createApiKey } from "../keys/create-api-key";
import { forgetCachedKeys } from "../keys/resolve-api-key";
import { startSession } from "./sessions/start-session";
import { resolveSession } from "./sessions/resolve-session";
import { verifyCredentials } from "./verify-credentials";
import { completeSecondFactor, openSignIn } from "./two-factor/second-factor-sign-in";

const sink = useSmtpSink({ beforeAll, afterAll });

describe("a new sign-up's email", () => {
  it("gets a link; until it is followed live keys answer 403 email_unverified and test keys work", async () => {
    const { email, accountId, userId } = await signedUpCustomer("verify");
    const mail = await sink.waitForMail(email, /Verify your email/);
    const { token, url } = linkIn(mail.text);
    expect(url).toMatch(/\/verify-email#token=/);
    expect(await db().userToken.findFirst({ where: { userId } })).not.toMatchObject({ tokenHash: token });

    const live = await createApiKey({ accountId, mode: "live" });
    const test = await createApiKey({ accountId, mode: "test" });
    const refused = await api("GET", "/api/v1/balance", { key: live.key });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: "FORBIDDEN", reason: "email_unverified" });
    expect(refused.body.error.message).toMatch(/verif/i);
    expect((await api("GET", "/api/v1/balance", { key: test.key })).status).toBe(200);

    const anon = await callerFor(null);
    await expect(anon.auth.verifyEmail({ token: "x".repeat(40) })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await anon.auth.verifyEmail({ token })).toEqual({ email });
    await expect(anon.auth.verifyEmail({ token })).rejects.toThrow(/already used/);
    forgetCachedKeys();
    expect((await api("GET", "/api/v1/balance", { key: live.key })).status).toBe(200);
    expect((await (await callerFor(userId)).profile.me()).emailVerified).toBe(true);
  });

  it("can be sent again from the dashboard; only the latest link works, and an expired one says so", async () => {
    const { email, userId } = await signedUpCustomer("resend");
    const first = linkIn((await sink.waitForMail(email, /Verify/)).text).token;
    const me = await callerFor(userId);
    expect(await me.profile.resendVerification()).toEqual({ sent: true, mailed: true });
    await expect.poll(() => sink.messages.filter((m) => m.to.includes(email)).length).toBe(2);
    const second = linkIn((await sink.waitForMail(email, /Verify/)).text).token;
    expect(second).not.toBe(first);
    const anon = await callerFor(null);
    await expect(anon.auth.verifyEmail({ token: first })).rejects.toThrow(/already used/);
    await db().userToken.updateMany({
      where: { userId, usedAt: null },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await expect(anon.auth.verifyEmail({ token: second })).rejects.toThrow(/expired/);
    expect((await me.profile.me()).emailVerified).toBe(false);
    // Five an hour per address: the sign-up's, the resend and three more, then 429.
    for (let i = 0; i < 3; i++) await me.profile.resendVerification();
    await expect(me.profile.resendVerification()).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
  });
});

describe("sign-ups from one network address", () => {
  it("are 10 an hour; the 11th is refused with 429 and makes nothing", async () => {
    const ip = "198.51.100.77";
    const anon = await callerFor(null, { ip });
    for (let i = 0; i < 10; i++) await anon.auth.signUp({ email: uniqueEmail(`net${i}`), password: TEST_PASSWORD });
    const late = uniqueEmail("net-late");
    await expect(anon.auth.signUp({ email: late, password: TEST_PASSWORD })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
    expect(await db().user.count({ where: { email: late } })).toBe(0);
    expect(await db().systemMailSend.count({ where: { recipient: late } })).toBe(0);
    // Another address is not held back.
    await (await callerFor(null, { ip: "198.51.100.78" })).auth.signUp({ email: late, password: TEST_PASSWORD });
  });
});

describe("password reset by mail", () => {
  it("answers the same for unknown addresses, mails a single-use link, and ends every session", async () => {
    const anon = await callerFor(null);
    const nobody = uniqueEmail("nobody");
    expect(await anon.auth.requestPasswordReset({ email: nobody })).toEqual({ requested: true });

    const { email, userId } = await signedUpCustomer("reset");
    const laptop = await startSession({ userId, userAgent: "Laptop" });
    // Someone with the old password opened a sign-in just before the reset: it must not complete after it.
    const opened = await openSignIn(userId, { userAgent: "Thief", ip: null });
    expect(await anon.auth.requestPasswordReset({ email: email.toUpperCase() })).toEqual({ requested: true });
    const { token, url } = linkIn((await sink.waitForMail(email, /Reset your Kasa password/)).text);
    expect(url).toMatch(/\/reset-password#token=/);
    expect(sink.messages.some((m) => m.to.includes(nobody))).toBe(false);

    // A weak password is refused without spending the link.
    await expect(anon.auth.resetPassword({ token, password: "short" })).rejects.toThrow(/at least 10/);
    expect(await resolveSession(laptop)).not.toBeNull();
    expect(await anon.auth.resetPassword({ token, password: "A-new-password-7" })).toEqual({ email });
    expect(await resolveSession(laptop)).toBeNull();
    await expect(completeSecondFactor({ token: opened.token, proof: {}, ip: null })).rejects.toThrow(/Start again/);
    expect(await verifyCredentials({ email, password: "A-new-password-7" })).toMatchObject({ id: userId });
    expect(await verifyCredentials({ email, password: TEST_PASSWORD })).toBeNull();
    await expect(anon.auth.resetPassword({ token, password: "Another-pass-8" })).rejects.toThrow(/already used/);
    expect(await verifyCredentials({ email, password: "Another-pass-8" })).toBeNull();
  });

  it("is throttled per address, whether or not the address has an account", async () => {
    const anon = await callerFor(null);
    const nobody = uniqueEmail("flood");
    for (let i = 0; i < 5; i++) await anon.auth.requestPasswordReset({ email: nobody });
    await expect(anon.auth.requestPasswordReset({ email: nobody })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
  });
});

describe("password change on the Profile page", () => {
  it("needs the current password and ends every other session", async () => {
    const { email, userId } = await signedUpCustomer("change");
    const here = await startSession({ userId, userAgent: "Here" });
    const there = await startSession({ userId, userAgent: "There" });
    const asHere = await callerFor(userId, { sessionId: here });
    await expect(
      asHere.profile.changePassword({ currentPassword: "wrong-password-1", newPassword: "A-new-password-7" }),
    ).rejects.toThrow(/current password is not right/);
    expect(await db().signInFailure.count({ where: { email } })).toBe(1);
    expect(await resolveSession(there)).not.toBeNull();

    expect(
      await asHere.profile.changePassword({ currentPassword: TEST_PASSWORD, newPassword: "A-new-password-7" }),
    ).toEqual({ endedSessions: 1 });
    expect(await resolveSession(there)).toBeNull();
    expect(await resolveSession(here)).not.toBeNull();
    expect(await verifyCredentials({ email, password: "A-new-password-7" })).toMatchObject({ id: userId });
  });
});
