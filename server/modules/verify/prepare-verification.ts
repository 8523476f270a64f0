// POST /api/v1/verify/send, the checks: where the code goes (a mobile, in a
// country the account verifies in), whether it is a resend, and the SMS or
// email it will be (priced, routed, checked by the same code as sms/send and
// email/send). Nothing is written. The limits that count what was sent (the
// velocity limits, the conversion guard, the resend cooldown) are counted when
// the send is claimed (verification-store.ts), after the idempotency key: a
// retry of a request that went through is a replay, not a refusal.
import { db } from "../../db/client";
import { AppError, isAppError } from "../../errors/app-error";
import type { Verification } from "../../db/generated/client";
import type { ApiCaller } from "../keys/resolve-api-key";
import { coverage } from "../coverage/coverage-cache";
import { parseRecipientFor } from "../sms/suggest-e164";
import { prepareSms, type SmsPlan } from "../sms/send-sms";
import { prepareEmail, type EmailPlan } from "../email/prepare-email";
import { emailAddressOf } from "./email-address-of";
import { assertGeoPermitted, assertVerifiableNumber, numberPrefix } from "./fraud-guard";
import { pendingVerification } from "./verification-store";
import { BRAND_PATTERN, FALLBACK_SECONDS, VERIFY_DEFAULTS, type SendVerificationInput } from "./schemas";
import type { WhatsappPlan } from "../whatsapp/prepare-whatsapp";
import { verifyWhatsappPlan } from "./verify-whatsapp-plan";
import { verifySubject, verifyText } from "./verify-messages";
import { deploymentSenderPlan } from "./deployment-sender";
import { SANDBOX_SENDER } from "../email/resolve-sender";

export type VerifySettings = { brand: string; locale: string; codeLength: number; ttlSeconds: number };

export type VerifyPlan = {
  channel: "sms" | "email" | "whatsapp";
  /** channel auto: WhatsApp first, the SMS (`sms`) after this many seconds without delivery. */
  fallback: { seconds: number } | null;
  /** The template named in the request (whatsapp, auto). */
  whatsappTemplate?: string;
  to: string;
  countryIso: string | null;
  prefix: string | null;
  /** The pending verification this send resends (its code, brand, locale and length), or null for a new one. */
  existing: Verification | null;
  settings: VerifySettings;
  sms?: SmsPlan;
  email?: EmailPlan;
  whatsapp?: WhatsappPlan;
};

export async function prepareVerification(input: SendVerificationInput, caller: ApiCaller): Promise<VerifyPlan> {
  const isAddress = input.to.includes("@");
  const wanted = input.channel ?? (isAddress ? "email" : "sms");
  const channel = wanted === "auto" ? "whatsapp" : wanted;
  if (input.channel && (channel === "email") !== isAddress) throw channelConflict(input.to, channel);
  const destination = channel === "email" ? emailDestination(input.to) : await smsDestination(input.to, caller);
  const { to } = destination;
  const existing = await pendingVerification({ accountId: caller.accountId, mode: caller.mode, to });

  const settings: VerifySettings = existing
    ? {
        brand: existing.brand,
        locale: existing.locale,
        codeLength: existing.codeLength,
        ttlSeconds: existing.ttlSeconds,
      }
    : {
        brand: input.brand ?? (await accountBrand(caller.accountId)),
        locale: input.locale ?? VERIFY_DEFAULTS.locale,
        codeLength: input.code_length ?? VERIFY_DEFAULTS.codeLength,
        ttlSeconds: input.ttl_seconds ?? VERIFY_DEFAULTS.ttlSeconds,
      };
  // Priced and checked with a stand-in code of the same length: digits never change the encoding or the segments.
  const text = verifyText(settings, "0".repeat(settings.codeLength));
  const fallback = wanted === "auto" ? { seconds: input.fallback_seconds ?? FALLBACK_SECONDS.default } : null;
  const plan = { channel, fallback, ...destination, existing, settings };
  if (channel === "whatsapp") {
    const code = "0".repeat(settings.codeLength);
    const whatsapp = await verifyWhatsappPlan({ to, code, template: input.whatsapp_template, caller });
    // auto: the SMS is checked now too, so a code that cannot fall back is refused before anything is sent.
    const sms = fallback ? await prepareSms({ to, message: text, category: "transactional" }, caller) : undefined;
    return { ...plan, whatsappTemplate: input.whatsapp_template, whatsapp, ...(sms ? { sms } : {}) };
  }
  if (channel === "sms")
    return { ...plan, sms: await prepareSms({ to, message: text, category: "transactional" }, caller) };
  return { ...plan, email: await verifyEmailPlan(to, settings.brand, verifySubject(settings), text, caller) };
}

async function smsDestination(to: string, caller: ApiCaller) {
  const { e164, countryIso } = await parseRecipientFor({ to, accountId: caller.accountId });
  assertVerifiableNumber(e164);
  const country = (await coverage()).byIso.get(countryIso);
  await assertGeoPermitted({ accountId: caller.accountId, countryIso, countryName: country?.name ?? countryIso });
  return { to: e164, countryIso, prefix: numberPrefix(e164) };
}

function emailDestination(to: string) {
  return { to: emailAddressOf(to), countryIso: null, prefix: null };
}

/** From the account's primary verified domain; an account without one sends from the deployment's own sender. */
async function verifyEmailPlan(
  to: string,
  brand: string,
  subject: string,
  text: string,
  caller: ApiCaller,
): Promise<EmailPlan> {
  let plan: EmailPlan;
  try {
    plan = await prepareEmail({ to, subject, text }, caller);
    // With no domain a test key's mail defaults to the sandbox sender; a code still comes from "<brand> via Kasa",
    // in test mode as in live, so what a developer tests is what their users get.
    if (plan.from.address === SANDBOX_SENDER) plan = await deploymentSenderPlan({ to, brand, caller });
  } catch (error) {
    if (!isAppError(error) || error.code !== "UNVERIFIED_SENDER_DOMAIN") throw error;
    plan = await deploymentSenderPlan({ to, brand, caller });
  }
  if (plan.suppressed.length)
    throw new AppError("EMAIL_SEND_FAILED", {
      status: 400,
      message: `${to} is on this account's suppression list (it bounced or complained): a code cannot reach it`,
      context: { provider_message: "suppressed" },
    });
  return plan;
}

/** Two well-formed fields that disagree: `to` is not the kind of destination `channel` names. */
function channelConflict(to: string, channel: "sms" | "email" | "whatsapp") {
  return channel !== "email"
    ? new AppError("INVALID_PHONE_NUMBER", {
        message: `channel is ${channel} but "${to}" is an email address`,
        context: { field: "to", conflicts_with: "channel" },
      })
    : new AppError("INVALID_EMAIL", {
        message: `channel is email but "${to}" is not an email address`,
        context: { field: "to", address: to, conflicts_with: "channel" },
      });
}

/** The account's name as the message shows it: only the characters a brand may have, at most 30. */
async function accountBrand(accountId: string): Promise<string> {
  const { name } = await db().account.findUniqueOrThrow({ where: { id: accountId }, select: { name: true } });
  const cleaned = name
    .replace(/[^A-Za-z0-9À-ÖØ-öø-ÿ &'-]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 30)
    .trim();
  return BRAND_PATTERN.test(cleaned) ? cleaned : "Kasa";
}
