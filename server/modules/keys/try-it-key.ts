import { db } from "../../db/client";
import { recordAudit } from "../audit/record-audit";
import { createApiKey, type CreatedApiKey } from "./create-api-key";
import { TRY_IT_SCOPES } from "./try-it-scopes";

export const TRY_IT_KEY_NAME = "Docs: Try it";

/**
 * The test key the API reference's "Try it" panel calls with. Kasa keeps only key hashes, so no existing key can
 * be shown again: each time a member asks, the account's previous Try-it keys are revoked (each audited, as a
 * revocation on the API keys page is) and a new one made, in one transaction (one lock per account, so two tabs
 * cannot leave two active). It is a test key (the sandbox: nothing leaves, nothing is charged), listed on the API
 * keys page like any other.
 */
export async function rotateTryItKey(accountId: string, actor: string): Promise<CreatedApiKey> {
  return db().$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`try-it-key:${accountId}`}))`;
    const previous = await tx.apiKey.findMany({
      where: { accountId, mode: "test", name: TRY_IT_KEY_NAME, revokedAt: null },
      select: { id: true },
    });
    for (const { id } of previous) {
      await tx.apiKey.update({ where: { id }, data: { revokedAt: new Date() } });
      await recordAudit({ actor, accountId, action: "key.revoked", target: id }, tx);
    }
    return createApiKey({ accountId, mode: "test", name: TRY_IT_KEY_NAME, scopes: TRY_IT_SCOPES }, tx);
  });
}
