import { db } from "../../db/client";
import { createApiKey, type CreatedApiKey } from "./create-api-key";

export const TRY_IT_KEY_NAME = "Docs: Try it";

/**
 * The test key the API reference's "Try it" panel calls with. Kasa keeps only key hashes, so no existing key can
 * be shown again: each time a member asks, the account's previous Try-it key is revoked and a new one made, in one
 * transaction (one lock per account, so two tabs cannot leave two live). At most one is ever active, it is a test
 * key (the sandbox: nothing leaves, nothing is charged), and it is listed on the API keys page like any other.
 */
export async function rotateTryItKey(accountId: string): Promise<CreatedApiKey> {
  return db().$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`try-it-key:${accountId}`}))`;
    await tx.apiKey.updateMany({
      where: { accountId, mode: "test", name: TRY_IT_KEY_NAME, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    return createApiKey({ accountId, mode: "test", name: TRY_IT_KEY_NAME }, tx);
  });
}
