import { db } from "../../db/client";
import { SENDER_ID_DETAILS, senderIdView, verifiedNumberView } from "./sender-views";

/** The Domains & senders page: the account's sender IDs (per market) and phone numbers. */
export async function listSenders(input: { accountId: string }) {
  const [senderIds, numbers] = await Promise.all([
    db().senderId.findMany({
      where: { accountId: input.accountId },
      include: SENDER_ID_DETAILS,
      orderBy: [{ name: "asc" }, { countryIso: "asc" }],
    }),
    db().verifiedNumber.findMany({ where: { accountId: input.accountId }, orderBy: { createdAt: "asc" } }),
  ]);
  return { sender_ids: senderIds.map(senderIdView), numbers: numbers.map(verifiedNumberView) };
}
