// POST /api/v1/verify/send: a new verification, or the same code again to a
// destination with one pending. The send is claimed and linked to its
// message's transaction id first; then the message goes out as an ordinary SMS,
// email or WhatsApp transaction (routing, fallback, receipts, ledger entries),
// whose row keeps the text with the code masked: the code reaches the carrier,
// relay or Meta and nowhere else. channel auto: WhatsApp first; refused by Meta
// at once, the SMS goes now; otherwise it is due after fallback_seconds unless
// WhatsApp delivered (fall-back-verifications.ts).
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
import { newId } from "../../lib/ids";
import { db, sql } from "../../db/client";
import type { Verification } from "../../db/generated/client";
import { sendWhatsapp } from "../whatsapp/send-whatsapp";
import { verifyWhatsappPlan } from "./verify-whatsapp-plan";
import { fallBackToSms } from "./fall-back-to-sms";

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
  const transactionId = plan.channel === "whatsapp" ? newId("wam") : newTransactionId(plan.channel);
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
    if (plan.channel === "whatsapp") {
      const fellBack = await sendByWhatsapp({ plan, v, code: claim.code, caller, idem, handOff, transactionId });
      // The SMS counted a second send: the answer says so.
      if (fellBack)
        return {
          data: await answerVerification(await db().verification.findUniqueOrThrow({ where: { id: v.id } })),
          transactionId: v.id,
        };
    } else if (plan.channel === "sms")
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
  const price =
    plan.channel === "whatsapp"
      ? plan.whatsapp!.priceMicros
      : plan.channel === "sms"
        ? plan.sms!.priceMicros
        : plan.email!.priceMicros;
  await countVerifySpend(v, price).catch(() => undefined); // a chart's figure: the ledger holds the money
  return { data: await answerVerification(v), transactionId: v.id };
}

/**
 * The code as the number's authentication template. channel auto: the SMS is made due after fallback_seconds; Meta
 * refusing the message at once sends the SMS now instead (returns true: the verification's answer is the SMS's).
 */
async function sendByWhatsapp({
  plan,
  v,
  code,
  caller,
  idem,
  handOff,
  transactionId,
}: {
  plan: VerifyPlan;
  v: Verification;
  code: string;
  caller: ApiCaller;
  idem?: IdempotencyScope;
  handOff?: HandOff;
  transactionId: string;
}): Promise<boolean> {
  const whatsapp = await verifyWhatsappPlan({ to: plan.to, code, template: plan.whatsappTemplate, caller });
  try {
    await sendWhatsapp({
      input: { to: plan.to },
      plan: whatsapp,
      caller,
      idem,
      handOff,
      options: { id: transactionId, storedBody: whatsapp.body?.replaceAll(code, "•".repeat(code.length)) ?? null },
    });
  } catch (error) {
    if (!plan.fallback || !isAppError(error) || error.code !== "WHATSAPP_SEND_FAILED") throw error;
    await fallBackToSms(v.id);
    return true;
  }
  if (plan.fallback)
    await sql().query(`UPDATE verifications SET fallback_at = now() + make_interval(secs => $2) WHERE id = $1`, [
      v.id,
      plan.fallback.seconds,
    ]);
  return false;
}

/**
 * The plan priced the text of the verification it expected. A verification another request started a moment ago
 * (another length, brand or locale) may make a text of another segment count: priced again, it is charged as sent.
 */
async function smsPlanFor(plan: VerifyPlan, text: string, caller: ApiCaller) {
  if (countSegments(text).segments === plan.sms!.counts.segments) return plan.sms!;
  return prepareSms({ to: plan.to, message: text, category: "transactional" }, caller);
}
