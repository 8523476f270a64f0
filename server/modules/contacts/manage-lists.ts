// /api/v1/lists: create, list (newest first, with their sizes) and delete (the contacts stay).
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { newId } from "../../lib/ids";
import type { AccountScope } from "../keys/resolve-api-key";
import { listView } from "./account-lists";

/** An account keeps at most this many lists per mode: each is one row to show, and lists are few by nature. */
export const MAX_LISTS = 500;

export async function createList(name: string, caller: AccountScope) {
  const count = await db().contactList.count({ where: { accountId: caller.accountId, mode: caller.mode } });
  if (count >= MAX_LISTS)
    throw new AppError("INVALID_REQUEST", {
      message: `An account has at most ${MAX_LISTS} lists; delete one first`,
      context: { limit: MAX_LISTS },
    });
  const list = await db().contactList.create({
    data: { id: newId("lst"), accountId: caller.accountId, mode: caller.mode, name },
  });
  return listView(list);
}

export async function listLists(caller: AccountScope) {
  const lists = await db().contactList.findMany({
    where: { accountId: caller.accountId, mode: caller.mode },
    orderBy: { createdAt: "desc" },
    take: MAX_LISTS,
  });
  return { lists: lists.map(listView) };
}

export async function deleteList(id: string, caller: AccountScope) {
  const { count } = await db().contactList.deleteMany({
    where: { id, accountId: caller.accountId, mode: caller.mode },
  });
  if (!count) throw new AppError("NOT_FOUND", { message: `No list ${id} on this account` });
  return { id, deleted: true as const };
}
