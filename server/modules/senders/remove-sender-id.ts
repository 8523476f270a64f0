import { db } from "../../db/client";

/** The account withdraws a sender ID (in one market). */
export async function removeSenderId(input: { accountId: string; id: string }) {
  const { count } = await db().senderId.deleteMany({ where: { id: input.id, accountId: input.accountId } });
  return { id: input.id, deleted: count > 0 };
}
