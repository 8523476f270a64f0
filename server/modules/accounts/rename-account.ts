import { db } from "../../db/client";

/** An owner renames the account (Settings page); the dashboard and statements show the new name. */
export async function renameAccount(input: { accountId: string; name: string }) {
  const account = await db().account.update({
    where: { id: input.accountId },
    data: { name: input.name.trim() },
    select: { id: true, name: true },
  });
  return account;
}
