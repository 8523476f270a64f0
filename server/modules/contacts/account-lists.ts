// Lists belong to an account and a key mode: another's id is not found, never forbidden.
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import type { AccountScope } from "../keys/resolve-api-key";

export async function assertListsExist(caller: AccountScope, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const found = await db().contactList.findMany({
    where: { id: { in: ids }, accountId: caller.accountId, mode: caller.mode },
    select: { id: true },
  });
  const missing = ids.filter((id) => !found.some((l) => l.id === id));
  if (missing.length) throw new AppError("NOT_FOUND", { message: `No list ${missing.join(", ")} on this account` });
}

export function listView(l: { id: string; name: string; contacts: number; createdAt: Date }) {
  return { id: l.id, name: l.name, contacts: l.contacts, created_at: l.createdAt.toISOString() };
}
