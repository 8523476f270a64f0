import { z } from "zod";
import { idempotencyKeyInput } from "../idempotency/idempotency-key-input";
import { typeError } from "../../errors/type-error";
import { VERIFY_LOCALES } from "./verify-messages";
import { E164_DOCUMENTED, EMAIL_ADDRESS } from "../../lib/string-formats";
import { loose, price } from "../../lib/response-parts";

export const VERIFY_CHANNELS = ["sms", "email", "whatsapp", "auto"] as const;
/** channel auto: the SMS goes when WhatsApp has not delivered within this many seconds (or failed before). */
export const FALLBACK_SECONDS = { default: 20, min: 5, max: 300 } as const;
export const VERIFY_DEFAULTS = { codeLength: 6, ttlSeconds: 600, locale: "en" } as const;
/** Letters, digits, spaces, & ' and -: the brand is shown in the message, so it cannot carry a link (no dot). */
export const BRAND_PATTERN = /^[A-Za-z0-9À-ÖØ-öø-ÿ][A-Za-z0-9À-ÖØ-öø-ÿ &'-]{0,29}$/;
/** Said in the document; prepareVerification is what is checked (libphonenumber's plan, one address). */
const DESTINATION_DOCUMENTED = { anyOf: [E164_DOCUMENTED, { format: "email", pattern: EMAIL_ADDRESS.source }] };

export const sendVerificationInput = z.object({
  to: z
    .string({ error: typeError("to must be a string") })
    .min(1)
    .max(320)
    .meta(DESTINATION_DOCUMENTED)
    .describe(
      "An E.164 mobile number (+233241234567) or an email address; the channel defaults from it (INVALID_PHONE_NUMBER, INVALID_EMAIL)",
    ),
  channel: z
    .enum(VERIFY_CHANNELS, { error: `channel must be one of ${VERIFY_CHANNELS.join(", ")}` })
    .optional()
    .describe(
      "sms, email, whatsapp (an authentication template with a copy-code button) or auto (WhatsApp first, then an SMS with the same code if WhatsApp fails or is not delivered within fallback_seconds); omitted: email when `to` has an @, else sms",
    ),
  whatsapp_template: z
    .string({ error: typeError("whatsapp_template must be a string") })
    .min(1)
    .max(512)
    .optional()
    .describe(
      "whatsapp and auto: the name of an APPROVED authentication template of your number, whose one variable is the code; omitted: your number's only one (the sandbox's kasa_verification for test keys)",
    ),
  fallback_seconds: z
    .number({ error: typeError("fallback_seconds must be a number") })
    .int()
    .min(FALLBACK_SECONDS.min)
    .max(FALLBACK_SECONDS.max)
    .optional()
    .describe(`auto: how long WhatsApp has to deliver before the SMS goes (default ${FALLBACK_SECONDS.default})`),
  code_length: z
    .number({ error: typeError("code_length must be a number") })
    .int()
    .min(4)
    .max(10)
    .optional()
    .describe(`Digits in the code (default ${VERIFY_DEFAULTS.codeLength})`),
  ttl_seconds: z
    .number({ error: typeError("ttl_seconds must be a number") })
    .int()
    .min(60)
    .max(3600)
    .optional()
    .describe(`How long the code is valid (default ${VERIFY_DEFAULTS.ttlSeconds})`),
  brand: z
    .string({ error: typeError("brand must be a string") })
    .regex(BRAND_PATTERN, "brand must be 1-30 letters, digits, spaces, & ' or - (no dots: it cannot be a link)")
    .optional()
    .describe("The name in the message (default the account's name)"),
  locale: z
    .enum(VERIFY_LOCALES, { error: `locale must be one of ${VERIFY_LOCALES.join(", ")}` })
    .optional()
    .describe(`The message's language (default ${VERIFY_DEFAULTS.locale})`),
  idempotency_key: idempotencyKeyInput.optional(),
});
export type SendVerificationInput = z.infer<typeof sendVerificationInput>;

const verificationId = z
  .string({ error: typeError("verification_id must be a string") })
  .min(1)
  .max(64)
  .describe("The id verify/send answered (ver_…)");

export const checkVerificationInput = z.object({
  verification_id: verificationId.optional(),
  to: z
    .string({ error: typeError("to must be a string") })
    .min(1)
    .max(320)
    .meta(DESTINATION_DOCUMENTED)
    .optional()
    .describe("Instead of verification_id: the destination of the pending verification"),
  code: z
    .string({ error: typeError("code must be a string") })
    .regex(/^\d{4,10}$/, "code must be 4 to 10 digits")
    .describe("The code the person typed"),
});
export type CheckVerificationInput = z.infer<typeof checkVerificationInput>;

export const verificationStatusInput = z.object({ verification_id: verificationId });

// What the /api/v1/verify endpoints answer inside `data`, beside what they take: the OpenAPI document is generated from both.
/** Verify (docs/decisions.md, "Verify"): the object verify/send, verify/check and verify/status answer. Never the code. */
export const verification = loose({
  verification_id: z.string().describe("ver_<token>"),
  to: z.string().describe("The E.164 number or the address (lower-cased) the code went to"),
  channel: z
    .enum(["sms", "email", "whatsapp"])
    .describe("whatsapp for channel auto too (its SMS, if sent, is in messages)"),
  status: z
    .enum(["pending", "approved", "failed", "expired"])
    .describe("pending until the right code (approved), five wrong codes (failed) or its time (expired)"),
  expires_at: z.iso.datetime({ offset: true }),
  attempts_left: z.number().int().describe("Wrong codes it can still take (5 at the start)"),
  sends: z.number().int().describe("Times the code was sent (at most 5)"),
  price: price.describe("What its messages cost so far, each charged as the SMS or email it is; checks are free"),
  created_at: z.iso.datetime({ offset: true }),
  approved_at: z.iso.datetime({ offset: true }).nullable(),
});
