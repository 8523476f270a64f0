// The account's audit log (docs/decisions.md, "Audit log, system mail and suspension"): dashboard changes under the
// member's email, API changes under the key's prefix, support's actions
// marked as support; owners only; filterable; exported as CSV.
import { describe, expect, it } from "vitest";
import { api } from "../../../test/api";
import { signedUpCustomer } from "../../../test/factories";
import { callerFor } from "../../../test/trpc-caller";
import { db } from "../../db/client";
import { createApiKey } from "../keys/create-api-key";
import { changePlan } from "../staff/change-plan";
import { accountAuditCsv } from "./account-audit-log";

describe("the account's audit log", () => {
  it("says who did what, marks support, filters, exports, and is for owners only", async () => {
    const owner = await signedUpCustomer("audited");
    const asOwner = await callerFor(owner.userId);
    const key = await asOwner.keys.create({ accountId: owner.accountId, name: "CI", mode: "test" });
    await asOwner.keys.revoke({ accountId: owner.accountId, keyId: key.id });
    const apiKey = await createApiKey({ accountId: owner.accountId, mode: "test", scopes: ["domains:manage"] });
    const domain = `audit-${owner.userId.slice(-8).toLowerCase()}.example.com`;
    const hook = await api("POST", "/api/v1/domains", { key: apiKey.key, body: { name: domain } });
    expect(hook.status, JSON.stringify(hook.body)).toBeLessThan(300);
    await changePlan(
      { id: "usr_staff", email: "sam@kasa.test" },
      { accountId: owner.accountId, planId: "pro", reason: "Upgrade asked by mail" },
    );

    const log = await asOwner.audit.list({ accountId: owner.accountId });
    expect(log.entries.map((e) => [e.action, e.actorLabel, e.bySupport])).toEqual([
      ["account.change_plan", "Kasa support", true],
      ["domain.added", `API key ${apiKey.prefix}`, false],
      ["key.revoked", owner.email, false],
      ["key.created", owner.email, false],
    ]);
    expect(log.entries[0]!.reason).toBe("Upgrade asked by mail");
    expect(JSON.stringify(log)).not.toContain("sam@kasa.test");

    const keysOnly = await asOwner.audit.list({ accountId: owner.accountId, category: "key" });
    expect(keysOnly.entries.map((e) => e.action)).toEqual(["key.revoked", "key.created"]);
    const byOwner = await asOwner.audit.list({ accountId: owner.accountId, actor: owner.userId });
    expect(byOwner.entries).toHaveLength(2);

    const csv = await accountAuditCsv(owner.accountId, { category: "domain" });
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe("date,actor,by_support,action,target,reason,details");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("domain.added");
    expect(lines[1]).toContain(domain);

    // A viewer may not read it.
    const viewer = await signedUpCustomer("audit-viewer");
    await db().membership.create({ data: { accountId: owner.accountId, userId: viewer.userId, role: "viewer" } });
    await expect((await callerFor(viewer.userId)).audit.list({ accountId: owner.accountId })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });
});
