import { db } from "../../db/client";
import { senderIdView, verifiedNumberView } from "./sender-views";

/** The Domains & senders page: the account's sender IDs (per market) and phone numbers. */
export async function listSenders(input: { accountId: string }) {
  const [senderIds, numbers] = await Promise.all([
    db().senderId.findMany({ where: { accountId: input.accountId }, orderBy: [{ name: "asc" }, { countryIso: "asc" }] }),
    db().verifiedNumber.findMany({ where: { accountId: input.accountId }, orderBy: { createdAt: "asc" } }),
  ]);
  return { sender_ids: senderIds.map(senderIdView), numbers: numbers.map(verifiedNumberView) };
}

export async function removeSenderId(input: { accountId: string; id: string }) {
  const { count } = await db().senderId.deleteMany({ where: { id: input.id, accountId: input.accountId } });
  return { id: input.id, deleted: count > 0 };
}

export async function removeVerifiedNumber(input: { accountId: string; id: string }) {
  const { count } = await db().verifiedNumber.deleteMany({ where: { id: input.id, accountId: input.accountId } });
  return { id: input.id, deleted: count > 0 };
}
