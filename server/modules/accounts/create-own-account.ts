// A signed-in person with no account (removed from their last one, or a staff
// user who also wants to send) makes one from /welcome: they own it, it is on
// the free plan with a test key, handed to the welcome step like an account
// made at sign-up (a live key is made on the API keys page, where it is shown).
// Capped, so one user cannot mint accounts without end.
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { createAccount } from "./create-account";
import { recordAudit } from "../audit/record-audit";

export const MAX_OWNED_ACCOUNTS = 5;

export async function createOwnAccount(input: { userId: string; name: string }) {
  const name = input.name.trim();
  return db().$transaction(async (tx) => {
    // One at a time per user, so two tabs cannot pass the cap together.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`own-accounts:${input.userId}`}))`;
    const owned = await tx.membership.count({ where: { userId: input.userId, role: "owner" } });
    if (owned >= MAX_OWNED_ACCOUNTS)
      throw new AppError("CONFLICT", {
        message: `You already own ${owned} accounts, the most one person may own`,
        context: { reason: "account_limit", limit: MAX_OWNED_ACCOUNTS },
      });
    const created = await createAccount({ ownerUserId: input.userId, name, plan: "free", actor: input.userId }, tx);
    await recordAudit(
      { actor: input.userId, accountId: created.account.id, action: "account.created", target: created.account.id },
      tx,
    );
    // The test key's secret goes back once, to its owner, for the welcome step; it is never stored.
    return { id: created.account.id, name: created.account.name, testKey: created.keys.test.key };
  });
}
