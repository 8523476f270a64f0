// The inputs of /api/v1/broadcasts (docs/decisions.md, "Templates and broadcasts"), one schema each, then what they answer.
import { z } from "zod";
import { typeError } from "../../errors/type-error";
import { answersWith } from "../../errors/field-codes";
import { TEMPLATE_CHANNELS } from "../templates/schemas";
import { MAX_SMS_CHARACTERS, SMS_CATEGORIES } from "../sms/schemas";
import { loose, price } from "../../lib/response-parts";

export const MAX_SCHEDULE_DAYS = 30;

export const createBroadcastInput = z.object({
  name: z
    .string({ error: typeError("name must be a string") })
    .max(100)
    .regex(/\S/, "name must not be blank"),
  channel: z.enum(TEMPLATE_CHANNELS, { error: `channel must be one of ${TEMPLATE_CHANNELS.join(", ")}` }),
  list_id: z
    .string({ error: typeError("list_id must be a string") })
    .min(1)
    .max(64)
    .describe("The audience"),
  template_id: z.string().min(1).max(64).optional().describe("A template of the same channel; or the content inline"),
  body: z.string().min(1).max(MAX_SMS_CHARACTERS).optional().describe("sms, inline"),
  subject: z.string().min(1).max(998).optional().describe("email, inline"),
  html: z
    .string()
    .max(512 * 1024)
    .optional(),
  text: z
    .string()
    .max(512 * 1024)
    .optional(),
  from: z
    .string()
    .min(1)
    .max(320)
    .optional()
    .describe("sms: a sender ID the account holds; email: an address on a verified domain"),
  sender_fallback: z
    .boolean({ error: "sender_fallback must be true or false" })
    .optional()
    .describe(
      "sms: a recipient on a network that has not approved the sender ID gets the country's default sender instead of being skipped (skipped_network)",
    ),
  shorten_links: z
    .boolean({ error: "shorten_links must be true or false" })
    .optional()
    .describe(
      "sms: each recipient's http(s) links become short links of its own (as sms/send's shorten_links), so the status counts who clicked; omitted, the template's setting (inline content: false)",
    ),
  category: z
    .enum(SMS_CATEGORIES, { error: `category must be one of ${SMS_CATEGORIES.join(", ")}` })
    .optional()
    .describe(
      "sms: promotional by default: countries' windows apply (Ghana: 08:00-19:00, Monday to Saturday), and where a country's rule asks for consent, only contacts with SMS consent on record are sent to (the others are counted as no_consent). transactional: neither",
    ),
  consent_held_elsewhere: z
    .boolean({ error: "consent_held_elsewhere must be true or false" })
    .optional()
    .describe(
      "Your account holds its recipients' consent outside Kasa: no contact is held back for want of consent on record here. Recorded on the broadcast and in the audit log; you answer for it",
    ),
  scheduled_at: z.iso
    .datetime({ offset: true, error: "scheduled_at must be an ISO 8601 time with its offset" })
    .optional()
    .describe(`When broadcasts/send starts it (at most ${MAX_SCHEDULE_DAYS} days ahead); omitted, at once`),
});
export type CreateBroadcastInput = z.infer<typeof createBroadcastInput>;

/** POST /broadcasts/send, /pause, /resume, /cancel: `{ "id" }`. */
export const broadcastIdBody = z.object({
  id: answersWith(z.string().min(1).max(64).describe("The broadcast's id (brd_…)"), {
    code: "MISSING_ID",
    missing: "Missing required field: id",
  }),
});

export const broadcastIdQuery = z.object({
  id: answersWith(z.string().min(1).max(64).describe("The broadcast's id (brd_…)"), {
    code: "MISSING_ID",
    missing: "Missing required query parameter: id",
  }),
});

// What the /api/v1/broadcasts endpoints answer inside `data`, beside what they take: the OpenAPI document is generated from both.
/** A broadcast (docs/decisions.md, "Templates and broadcasts"): one message to every contact of a list. */
export const broadcast = loose({
  id: z.string().describe("brd_<token>"),
  name: z.string(),
  channel: z.enum(["sms", "email"]),
  list_id: z.string().nullable(),
  template_id: z.string().nullable().describe("The template its content was copied from, when it was made from one"),
  template_version: z
    .number()
    .int()
    .nullable()
    .describe("That template's version when it was copied: later edits do not change what this broadcast sends"),
  status: z.enum(["draft", "scheduled", "sending", "paused", "sent", "cancelled"]),
  pause_reason: z
    .string()
    .nullable()
    .describe(
      "paused (someone paused it), insufficient_balance (it stopped before sending unpaid), service_unavailable, carrier_unavailable, key_revoked, account_suspended, email_unverified (live, until an owner verifies their email). A country's closed window does not pause it: see waiting_for_window",
    ),
  recipients: z.number().int().describe("The list's contacts when it was made, then when it started"),
  consent_held_elsewhere: z
    .boolean()
    .describe("The account stated it holds its recipients' consent elsewhere (no one is counted as no_consent)"),
  shorten_links: z.boolean().describe("sms: each recipient's links are short links of its own (clicks counted)"),
  estimated_cost: price.describe(
    "Per destination country from the list's subscribed contacts, at their routes' prices",
  ),
  scheduled_at: z.iso.datetime({ offset: true }).nullable(),
  created_at: z.iso.datetime({ offset: true }),
  started_at: z.iso.datetime({ offset: true }).nullable(),
  finished_at: z.iso.datetime({ offset: true }).nullable(),
  estimated_finish_at: z.iso
    .datetime({ offset: true })
    .nullable()
    .optional()
    .describe(
      "In a draft's, scheduled or sending broadcast's answer (not in the list): when it should finish at the plan's per-minute pace, each country's recipients sent only in its window (promotional SMS to Ghana: 08:00-19:00, Monday to Saturday)",
    ),
  waiting_for_window: z
    .array(z.object({ country: z.string(), recipients: z.number().int(), opens_at: z.iso.datetime({ offset: true }) }))
    .optional()
    .describe(
      "A sending broadcast's countries whose window is closed now: their recipients wait, the others go on, and they are sent from opens_at by themselves",
    ),
});

export const broadcastStatus = broadcast.extend({
  counts: z
    .object({
      queued: z.number().int(),
      sent: z.number().int().describe("Handed over, not yet delivered"),
      delivered: z.number().int(),
      failed: z.number().int(),
      skipped_unsubscribed: z.number().int(),
      skipped_invalid: z.number().int(),
      skipped_network: z
        .number()
        .int()
        .describe(
          "On a network that has not approved the sender ID (sender_fallback sends them under the default sender)",
        ),
      no_consent: z
        .number()
        .int()
        .describe(
          "Promotional, with no consent on record where it is asked for: SMS to a country whose rule asks for it, email when the account sends promotion only with consent",
        ),
    })
    .describe("Each recipient in exactly one"),
  clicked: z
    .number()
    .int()
    .describe(
      "Recipients who followed a link at least once, beside counts: SMS short links (shorten_links; previews and crawlers are not counted), email tracked links (the domain's click tracking)",
    ),
  cost: price.describe("What its messages were charged so far (refunds taken off); always 0 in test mode"),
});
