import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { newId } from "../../lib/ids";
import { parseRecipient } from "../sms/phone";
import { sendSystemSms } from "../sms/send-system-sms";
import { verifiedNumberView } from "./sender-views";
import { CODE_TTL_MS, hashCode, newCode } from "./verification-code";

/**
 * Step 1 of using a phone number as `from`: we text a 6-digit code to it.
 * The code is stored hashed, lasts 10 minutes and allows 5 tries; asking
 * again sends a fresh code.
 */
export async function startNumberVerification(input: { accountId: string; number: string }) {
  const { e164, countryIso } = parseRecipient(input.number);
  const existing = await db().verifiedNumber.findUnique({
    where: { accountId_number: { accountId: input.accountId, number: e164 } },
  });
  if (existing?.status === "verified")
    throw new AppError("CONFLICT", { message: `${e164} is already verified`, context: { reason: "taken_by_you" } });
  const code = newCode();
  const data = {
    codeHash: hashCode(input.accountId, e164, code),
    codeExpiresAt: new Date(Date.now() + CODE_TTL_MS),
    attempts: 0,
  };
  const row = existing
    ? await db().verifiedNumber.update({ where: { id: existing.id }, data })
    : await db().verifiedNumber.create({
        data: { id: newId("pn"), accountId: input.accountId, number: e164, ...data },
      });
  const sent = await sendSystemSms({
    to: e164,
    countryIso,
    body: `Your Kasa verification code is ${code}. It expires in 10 minutes.`,
  });
  return {
    number: verifiedNumberView(row),
    code_sent: sent.sentVia !== null,
    ...(sent.sentVia === null
      ? {
          note:
            sent.reason === "no_live_carrier"
              ? "No live SMS carrier on this deployment: the code was written to the server log"
              : `The code could not be sent: ${sent.reason}`,
        }
      : {}),
  };
}
