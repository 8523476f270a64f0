import { db } from "../../db/client";
import { newId } from "../../lib/ids";
import { parseRecipient } from "../sms/phone";
import { verifiedNumberView } from "./sender-views";

/** Support override (CLI `phone add --verified`): a number recorded as verified without a code. */
export async function addVerifiedNumber(input: { accountId: string; number: string; verifiedBy: string }) {
  const { e164 } = parseRecipient(input.number);
  const row = await db().verifiedNumber.upsert({
    where: { accountId_number: { accountId: input.accountId, number: e164 } },
    create: {
      id: newId("pn"),
      accountId: input.accountId,
      number: e164,
      status: "verified",
      verifiedAt: new Date(),
      verifiedBy: input.verifiedBy,
    },
    update: {
      status: "verified",
      verifiedAt: new Date(),
      verifiedBy: input.verifiedBy,
      codeHash: null,
      codeExpiresAt: null,
    },
  });
  return verifiedNumberView(row);
}
