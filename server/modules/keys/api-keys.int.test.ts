import { describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { createApiKey } from "./create-api-key";
import { listApiKeys } from "./list-api-keys";
import { revokeApiKey } from "./revoke-api-key";
import { hashKey } from "./key-material";
import { signedUpCustomer } from "../../../test/factories";

describe("API keys", () => {
  it("are stored as a hash with a display prefix and the chosen scopes; the key itself is nowhere in the database", async () => {
    const { accountId } = await signedUpCustomer();
    const created = await createApiKey({
      accountId,
      mode: "live",
      name: "Server",
      scopes: ["sms:send", "account:read"],
    });
    const row = await db().apiKey.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.hash).toBe(hashKey(created.key));
    expect(created.key.startsWith(row.prefix)).toBe(true);
    expect(row.scopes).toEqual(["sms:send", "account:read"]);
    expect(JSON.stringify(row)).not.toContain(created.key);
  });

  it("are listed active first, newest first, and stay listed once revoked", async () => {
    const { accountId } = await signedUpCustomer();
    await createApiKey({ accountId, mode: "live", name: "Server" });
    const extra = await createApiKey({ accountId, mode: "test", name: "CI" });
    const revoked = await revokeApiKey({ accountId, keyId: extra.id });
    expect(revoked.revokedAt).toBeInstanceOf(Date);
    const keys = await listApiKeys({ accountId });
    // The sign-up's test key (the only one it makes), a live key made since, then the revoked one.
    expect(keys).toHaveLength(3);
    expect(keys.at(-1)).toMatchObject({ id: extra.id, name: "CI" });
    expect(keys.at(-1)!.revokedAt).not.toBeNull();
    expect(keys.slice(0, 2).every((k) => k.revokedAt === null)).toBe(true);
    // Revoking again changes nothing.
    expect((await revokeApiKey({ accountId, keyId: extra.id })).revokedAt).toEqual(revoked.revokedAt);
  });

  it("of another account cannot be revoked: not found, and the key keeps working", async () => {
    const mine = await signedUpCustomer();
    const theirs = await signedUpCustomer();
    const [theirKey] = await listApiKeys({ accountId: theirs.accountId });
    await expect(revokeApiKey({ accountId: mine.accountId, keyId: theirKey!.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: theirKey!.id } })).revokedAt).toBeNull();
  });
});
