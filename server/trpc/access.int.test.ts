import { callerFor } from "../../test/trpc-caller";
import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { signedUpCustomer } from "../../test/factories";

describe("dashboard procedures", () => {
  it("need a signed-in person", async () => {
    const { accountId } = await signedUpCustomer();
    const anonymous = await callerFor(null);
    await expect(anonymous.account.me()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(anonymous.keys.list({ accountId })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("show a customer only their own accounts; another account is not found, never forbidden", async () => {
    const alice = await signedUpCustomer("alice");
    const bob = await signedUpCustomer("bob");
    const asAlice = await callerFor(alice.userId);

    const me = await asAlice.account.me();
    expect(me.accounts.map((a) => a.id)).toEqual([alice.accountId]);
    expect((await asAlice.keys.list({ accountId: alice.accountId })).length).toBe(1);

    for (const attempt of [
      () => asAlice.account.overview({ accountId: bob.accountId }),
      () => asAlice.keys.list({ accountId: bob.accountId }),
      () => asAlice.keys.create({ accountId: bob.accountId, name: "sneaky", mode: "live" }),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ code: "NOT_FOUND", message: "Account not found" });
    }
    expect(await db().apiKey.count({ where: { accountId: bob.accountId } })).toBe(1);
  });

  it("let viewers look at keys but not create or revoke them", async () => {
    const owner = await signedUpCustomer("owner");
    const viewer = await signedUpCustomer("viewer");
    await db().membership.create({ data: { accountId: owner.accountId, userId: viewer.userId, role: "viewer" } });
    const asViewer = await callerFor(viewer.userId);
    const keys = await asViewer.keys.list({ accountId: owner.accountId });
    expect(keys).toHaveLength(1);
    await expect(asViewer.keys.create({ accountId: owner.accountId, name: "x", mode: "test" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(asViewer.keys.revoke({ accountId: owner.accountId, keyId: keys[0]!.id })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await db().apiKey.count({ where: { accountId: owner.accountId, revokedAt: null } })).toBe(1);
  });

  it("create a key with chosen scopes and return the full key once", async () => {
    const { userId, accountId } = await signedUpCustomer();
    const caller = await callerFor(userId);
    const created = await caller.keys.create({
      accountId,
      name: "Billing job",
      mode: "live",
      scopes: ["account:read"],
    });
    expect(created.key).toMatch(/^kasa_live_[0-9A-Za-z]{32}$/);
    const listed = await caller.keys.list({ accountId });
    expect(listed.find((k) => k.id === created.id)).toMatchObject({
      name: "Billing job",
      scopes: ["account:read"],
      prefix: created.prefix,
    });
    expect(JSON.stringify(listed)).not.toContain(created.key);
    await expect(
      caller.keys.create({ accountId, name: "x", mode: "live", scopes: ["root" as never] }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("show an account's suppression list to its members and let developers remove an address", async () => {
    const { userId, accountId } = await signedUpCustomer();
    const other = await signedUpCustomer();
    await db().suppression.create({
      data: { accountId, address: "gone@example.org", reason: "hard_bounce", detail: "550 5.1.1" },
    });
    const caller = await callerFor(userId);
    expect((await caller.suppressions.list({ accountId })).map((s) => s.address)).toEqual(["gone@example.org"]);
    await expect((await callerFor(other.userId)).suppressions.list({ accountId })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await caller.suppressions.remove({ accountId, address: "GONE@example.org" })).toBe(true);
    expect(await db().suppression.count({ where: { accountId } })).toBe(0);
  });
});
