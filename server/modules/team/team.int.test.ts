// Members and roles (docs/decisions.md, "Roles and permissions") through the dashboard's procedures:
// invites by mail, accepted by a new person and by an existing one, the
// roles' limits enforced by the server, and the last-owner rule.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { linkIn, useSmtpSink } from "../../../test/smtp-sink";
import { signedUpCustomer, uniqueEmail } from "../../../test/factories";
import { callerFor } from "../../../test/trpc-caller";
import { startSession } from "../users/sessions/start-session";
import { resolveSession } from "../users/sessions/resolve-session";

const sink = useSmtpSink({ beforeAll, afterAll });

async function inviteLink(email: string) {
  return linkIn((await sink.waitForMail(email, /invited/)).text).token;
}

describe("a team", () => {
  it("invites a new person by mail, who signs up through the link with the role's limits", async () => {
    const owner = await signedUpCustomer("owner");
    const asOwner = await callerFor(owner.userId);
    const newcomer = uniqueEmail("newcomer");
    await asOwner.team.invite({ accountId: owner.accountId, email: newcomer, role: "viewer" });
    const token = await inviteLink(newcomer);
    expect(await db().accountInvite.count({ where: { tokenHash: token } })).toBe(0);

    const anon = await callerFor(null);
    expect(await anon.auth.invite({ token })).toMatchObject({ email: newcomer, role: "viewer", hasSignIn: false });
    await expect(anon.auth.acceptInviteWithSignUp({ token, password: "short" })).rejects.toThrow(/at least 10/);
    const joined = await anon.auth.acceptInviteWithSignUp({ token, password: "Viewer-pass-42" });
    expect(joined).toEqual({ accountId: owner.accountId, email: newcomer });
    await expect(anon.auth.acceptInviteWithSignUp({ token, password: "Viewer-pass-42" })).rejects.toThrow(
      /already accepted/,
    );

    const viewer = await db().user.findUniqueOrThrow({ where: { email: newcomer } });
    expect(viewer.emailVerifiedAt).not.toBeNull();
    const asViewer = await callerFor(viewer.id);
    expect((await asViewer.account.me()).accounts).toEqual([
      expect.objectContaining({ id: owner.accountId, role: "viewer" }),
    ]);
    expect((await asViewer.keys.list({ accountId: owner.accountId })).length).toBe(1);
    await expect(
      asViewer.keys.create({ accountId: owner.accountId, name: "nope", mode: "test" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      asViewer.team.invite({ accountId: owner.accountId, email: uniqueEmail(), role: "owner" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await db().apiKey.count({ where: { accountId: owner.accountId } })).toBe(1);

    const team = await asOwner.team.list({ accountId: owner.accountId });
    expect(team.members.map((m) => [m.email, m.role])).toEqual([
      [owner.email, "owner"],
      [newcomer, "viewer"],
    ]);
    expect(team.invites).toEqual([]);
    const audit = await db().auditEvent.findMany({ where: { accountId: owner.accountId }, orderBy: { id: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(["member.invited", "member.joined"]);
  });

  it("lets an existing user accept (only as the invited address); re-sent and revoked links stop working", async () => {
    const owner = await signedUpCustomer("owner2");
    const dev = await signedUpCustomer("dev");
    const stranger = await signedUpCustomer("stranger");
    const asOwner = await callerFor(owner.userId);
    await asOwner.team.invite({ accountId: owner.accountId, email: dev.email, role: "viewer" });
    const first = await inviteLink(dev.email);
    await asOwner.team.invite({ accountId: owner.accountId, email: dev.email, role: "developer" });
    await expect.poll(async () => (await inviteLink(dev.email)) !== first).toBe(true);
    const second = await inviteLink(dev.email);

    const asDev = await callerFor(dev.userId);
    await expect(asDev.auth.acceptInvite({ token: first })).rejects.toThrow(/not valid/);
    await expect((await callerFor(stranger.userId)).auth.acceptInvite({ token: second })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await asDev.auth.acceptInvite({ token: second })).toEqual({ accountId: owner.accountId });
    expect((await asDev.account.me()).accounts.map((a) => [a.id, a.role])).toEqual([
      [dev.accountId, "owner"],
      [owner.accountId, "developer"],
    ]);

    const third = uniqueEmail("revoked");
    const { inviteId } = await asOwner.team.invite({ accountId: owner.accountId, email: third, role: "viewer" });
    const revokedToken = await inviteLink(third);
    await asOwner.team.revokeInvite({ accountId: owner.accountId, inviteId });
    await expect((await callerFor(null)).auth.invite({ token: revokedToken })).rejects.toThrow(/withdrawn/);

    const late = uniqueEmail("late");
    await asOwner.team.invite({ accountId: owner.accountId, email: late, role: "viewer" });
    const lateToken = await inviteLink(late);
    await db().accountInvite.updateMany({ where: { email: late }, data: { expiresAt: new Date(Date.now() - 1) } });
    await expect((await callerFor(null)).auth.invite({ token: lateToken })).rejects.toThrow(/expired/);
    expect((await asOwner.team.list({ accountId: owner.accountId })).invites).toEqual([
      expect.objectContaining({ email: late, expired: true }),
    ]);
  });

  it("always keeps an owner; ownership can be handed on, and removal from the last account signs out", async () => {
    const owner = await signedUpCustomer("solo");
    const asOwner = await callerFor(owner.userId);
    const before = await db().membership.findMany({ where: { accountId: owner.accountId } });
    await expect(asOwner.team.remove({ accountId: owner.accountId, userId: owner.userId })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringMatching(/only owner/),
    });
    await expect(
      asOwner.team.changeRole({ accountId: owner.accountId, userId: owner.userId, role: "viewer" }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await db().membership.findMany({ where: { accountId: owner.accountId } })).toEqual(before);

    const heirEmail = uniqueEmail("heir");
    await asOwner.team.invite({ accountId: owner.accountId, email: heirEmail, role: "developer" });
    await (
      await callerFor(null)
    ).auth.acceptInviteWithSignUp({ token: await inviteLink(heirEmail), password: "Heir-pass-42" });
    const heir = await db().user.findUniqueOrThrow({ where: { email: heirEmail } });
    const asHeir = await callerFor(heir.id);
    await expect(asHeir.team.remove({ accountId: owner.accountId, userId: owner.userId })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });

    await asOwner.team.transferOwnership({ accountId: owner.accountId, userId: heir.id });
    const roles = await db().membership.findMany({
      where: { accountId: owner.accountId },
      orderBy: { createdAt: "asc" },
    });
    expect(roles.map((r) => r.role)).toEqual(["developer", "owner"]);
    await expect(
      asOwner.team.changeRole({ accountId: owner.accountId, userId: heir.id, role: "viewer" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });

    // The heir removes the former owner, for whom it was the only account: signed out at once.
    const session = await startSession({ userId: owner.userId });
    await asHeir.team.remove({ accountId: owner.accountId, userId: owner.userId });
    expect(await resolveSession(session)).toBeNull();

    // Leaving: someone with another account stays signed in; leaving one's only account signs out.
    const other = await signedUpCustomer("member-elsewhere");
    await asHeir.team.invite({ accountId: owner.accountId, email: other.email, role: "viewer" });
    await (await callerFor(other.userId)).auth.acceptInvite({ token: await inviteLink(other.email) });
    const otherSession = await startSession({ userId: other.userId });
    expect(
      await (await callerFor(other.userId)).team.remove({ accountId: owner.accountId, userId: other.userId }),
    ).toEqual({
      signedOut: false,
    });
    expect(await resolveSession(otherSession)).not.toBeNull();

    const late = uniqueEmail("leaver");
    await asHeir.team.invite({ accountId: owner.accountId, email: late, role: "viewer" });
    await (
      await callerFor(null)
    ).auth.acceptInviteWithSignUp({ token: await inviteLink(late), password: "Leaver-pass-42" });
    const leaver = await db().user.findUniqueOrThrow({ where: { email: late } });
    const leaverSession = await startSession({ userId: leaver.id });
    expect(await (await callerFor(leaver.id)).team.remove({ accountId: owner.accountId, userId: leaver.id })).toEqual({
      signedOut: true,
    });
    expect(await resolveSession(leaverSession)).toBeNull();
  });
});
