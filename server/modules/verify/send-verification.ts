// POST /api/v1/verify/send: a new verification, or the same code again to a
// destination with one pending. The send is claimed and linked to its
// message's transaction id first; then the message goes out as an ordinary SMS
// or email transaction (routing, fallback, receipts, ledger entries), whose row
// keeps the text with the code masked: the code reaches the carrier or relay
// and nowhere else.
import { isAppError } from "../../errors/app-error";
import { newTransactionId } from "../../lib/transaction-ids";
import type { ApiCaller } from "../keys/resolve-api-key";
import type { IdempotencyScope } from "../idempotency/idempotency-key";
import type { HandOff } from "../billing/hand-off";
import { prepareSms, sendSms } from "../sms/send-sms";
import { countSegments } from "../../lib/sms-segments";
import { sendEmail } from "../email/send-email";
import type { VerifyPlan } from "./prepare-verification";
import { claimSend, giveBackSend, type ClaimedSend } from "./verification-store";
import { answerVerification } from "./verification-view";
import { verifySubject, verifyText } from "./verify-messages";
import { countVerifySpend } from "./verify-stats";

export async function sendVerification({
  plan,
  caller,
  idem,
  handOff,
}: {
  plan: VerifyPlan;
  caller: ApiCaller;
  idem?: IdempotencyScope;
  handOff?: HandOff;
}) {
  const transactionId = newTransactionId(plan.channel);
  const claim: ClaimedSend = await claimSend(
    {
      accountId: caller.accountId,
      apiKeyId: caller.keyId,
      mode: caller.mode,
      channel: plan.channel,
      to: plan.to,
      countryIso: plan.countryIso,
      prefix: plan.prefix,
      ...plan.settings,
    },
    transactionId,
  );
  const v = claim.verification;
  const text = verifyText(v, claim.code);
  try {
    if (plan.channel === "sms")
      await sendSms({
        input: { to: plan.to, message: text, category: "transactional", reference: v.id },
        plan: await smsPlanFor(plan, text, caller),
        caller,
        idem,
        handOff,
        options: {
          id: transactionId,
          storedBody: verifyText(v, "•".repeat(v.codeLength)),
        },
      });
    else
      await sendEmail({
        input: { to: plan.to, subject: verifySubject(v), text },
        plan: plan.email!,
        caller,
        idem,
        handOff,
        options: {
          transactionId,
        },
      });
  } catch (error) {
    const recorded = isAppError(error) && error.context.transaction_id !== undefined;
    // A claim that cannot be given back now only costs a cooldown (or, for a new one, a verification never sent).
    await giveBackSend({ claim, transactionId, messageRecorded: recorded }).catch(() => undefined);
    throw error;
  }
  const price = plan.channel === "sms" ? plan.sms!.priceMicros : plan.email!.priceMicros;
  await countVerifySpend(v, price).catch(() => undefined); // a chart's figure: the ledger holds the money
  return { data: await answerVerification(v), transactionId: v.id };
}

/**
 * The plan priced the text of the verification it expected. A verification another request started a moment ago
 * (another length, brand or locale) may make a text of another segment count: priced again, it is charged as sent.
 */
async function smsPlanFor(plan: VerifyPlan, text: string, caller: ApiCaller) {
  if (countSegments(text).segments === plan.sms!.counts.segments) return plan.sms!;
  return prepareSms({ to: plan.to, message: text, category: "transactional" }, caller);
}
