import { db } from "../../db/client";

/** The account stops sending from one of its numbers. */
export async function removeVerifiedNumber(input: { accountId: string; id: string }) {
  const { count } = await db().verifiedNumber.deleteMany({ where: { id: input.id, accountId: input.accountId } });
  return { id: input.id, deleted: count > 0 };
}
