// The API reference's Try-it key (docs/decisions.md, "The reference, Try it and the SDK"): a test key a member asks for, the previous one revoked, never more
// than one active per account, and never for a viewer.
import { describe, expect, it } from "vitest";
import { callerFor } from "../../../test/trpc-caller";
import { signedUpCustomer } from "../../../test/factories";
import { db } from "../../db/client";
import { api } from "../../../test/api";
import { TRY_IT_KEY_NAME } from "./try-it-key";
import { forgetCachedKeys } from "./resolve-api-key";

describe("the Try-it key", () => {
  it("is a working test key; asking again revokes the previous one", async () => {
    const owner = await signedUpCustomer("tryit");
    const caller = await callerFor(owner.userId);
    const first = await caller.keys.tryIt({ accountId: owner.accountId });
    expect(first.key).toMatch(/^kasa_test_/);
    expect((await api("GET", "/api/v1/balance", { key: first.key })).status).toBe(200);
    const second = await caller.keys.tryIt({ accountId: owner.accountId });
    // A revocation reaches every process within the key cache's 5 s; this one stops waiting.
    forgetCachedKeys();
    expect((await api("GET", "/api/v1/balance", { key: first.key })).status).toBe(401);
    expect((await api("GET", "/api/v1/balance", { key: second.key })).status).toBe(200);
    expect(
      await db().apiKey.count({ where: { accountId: owner.accountId, name: TRY_IT_KEY_NAME, revokedAt: null } }),
    ).toBe(1);
    // Made and revoked with an audit line each, like any key a member makes or revokes.
    expect(await db().auditEvent.count({ where: { accountId: owner.accountId, action: "key.created" } })).toBe(2);
    expect(
      await db().auditEvent.findMany({
        where: { accountId: owner.accountId, action: "key.revoked" },
        select: { actor: true, target: true },
      }),
    ).toEqual([{ actor: owner.userId, target: first.id }]);
  });

  it("sends in the sandbox but cannot change the account's settings", async () => {
    const owner = await signedUpCustomer("tryit-scopes");
    const { key } = await (await callerFor(owner.userId)).keys.tryIt({ accountId: owner.accountId });
    const sent = await api("POST", "/api/v1/sms/send", { key, body: { to: "+233200000001", message: "Tried" } });
    expect(sent.status).toBe(200);
    for (const [path, body] of [
      ["/api/v1/webhooks/rotate-secret", {}],
      ["/api/v1/phone-numbers", { number: "+233241234567" }],
      ["/api/v1/domains", { name: "mail.tryit.example.com" }],
    ] as const) {
      const refused = await api("POST", path, { key, body });
      expect(refused.status, path).toBe(403);
    }
  });

  it("is refused to a viewer", async () => {
    const owner = await signedUpCustomer("owner");
    const viewer = await signedUpCustomer("viewer");
    await db().membership.create({ data: { accountId: owner.accountId, userId: viewer.userId, role: "viewer" } });
    await expect((await callerFor(viewer.userId)).keys.tryIt({ accountId: owner.accountId })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });
});
