import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { newId } from "../../lib/ids";
import { parseRecipient } from "../sms/phone";
import { sendSystemSms } from "../sms/send-system-sms";
import { verifiedNumberView } from "./sender-views";
import { CODE_TTL_MS, hashCode, newCode } from "./verification-code";
import {
  DAY_MS,
  VERIFICATION_LIMITS,
  assertCanSendCode,
  assertTextableMobile,
  triesUsedUp,
} from "./verification-limits";

/**
 * Step 1 of using a phone number as `from`: we text a 6-digit code to it.
 * The code is stored hashed and lasts 10 minutes. Asking again sends a fresh
 * code, within the allowances of verification-limits.ts; the 5 wrong tries a
 * number gets last 24 hours whatever the resends. The send is counted before
 * it is made, so a crash can only ever under-send.
 */
export async function startNumberVerification(input: { accountId: string; number: string }) {
  const { e164, countryIso } = parseRecipient(input.number);
  assertTextableMobile(e164);
  const code = newCode();
  const row = await db().$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`verify:${e164}`}))`;
    const existing = await tx.verifiedNumber.findUnique({
      where: { accountId_number: { accountId: input.accountId, number: e164 } },
    });
    if (existing?.status === "verified")
      throw new AppError("CONFLICT", { message: `${e164} is already verified`, context: { reason: "taken_by_you" } });
    const windowOpen = existing?.triesSince && Date.now() - existing.triesSince.getTime() < DAY_MS;
    if (windowOpen && existing.attempts >= VERIFICATION_LIMITS.triesPerDay) throw triesUsedUp(existing.triesSince!);
    await assertCanSendCode({ tx, accountId: input.accountId, number: e164 });
    await tx.verificationCodeSend.create({ data: { accountId: input.accountId, number: e164 } });
    const data = {
      codeHash: hashCode({ accountId: input.accountId, number: e164, code }),
      codeExpiresAt: new Date(Date.now() + CODE_TTL_MS),
      ...(windowOpen ? {} : { attempts: 0, triesSince: new Date() }),
    };
    return existing
      ? tx.verifiedNumber.update({ where: { id: existing.id }, data })
      : tx.verifiedNumber.create({ data: { id: newId("pn"), accountId: input.accountId, number: e164, ...data } });
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
