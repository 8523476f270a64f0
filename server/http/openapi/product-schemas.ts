// What the products beside SPEC's API answer inside `data` (Verify, issue #25; contacts, lists and templates,
// issue #26), as zod schemas the OpenAPI document is generated from.
import { z } from "zod";
import { loose, price } from "./schema-parts";

/** Verify (issue #25): the object verify/send, verify/check and verify/status answer. Never the code. */
export const verification = loose({
  verification_id: z.string().describe("ver_<token>"),
  to: z.string().describe("The E.164 number or the address (lower-cased) the code went to"),
  channel: z.enum(["sms", "email"]),
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

/** Broadcasts (issue #26): a contact, a list, an import's report. */
export const contact = loose({
  id: z.string().describe("con_<token>"),
  phone: z.string().nullable().describe("E.164"),
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  attributes: z.record(z.string(), z.string()),
  lists: z.array(z.string()).describe("The ids of the lists it is on"),
  subscribed: z
    .object({ sms: z.boolean(), email: z.boolean() })
    .describe("false once it replied STOP (sms) or unsubscribed (email): broadcasts skip it"),
  created_at: z.iso.datetime({ offset: true }),
});

export const contactList = loose({
  id: z.string().describe("lst_<token>"),
  name: z.string(),
  contacts: z.number().int().describe("How many contacts are on it"),
  created_at: z.iso.datetime({ offset: true }),
});

export const contactImport = loose({
  imported: z.number().int().describe("New contacts"),
  updated: z.number().int().describe("Contacts that existed (same phone or email), updated"),
  skipped: z
    .array(z.object({ row: z.number().int().describe("Its line in the file (the header is 1)"), reason: z.string() }))
    .describe("Rows left out and why (the first 1,000)"),
  skipped_total: z.number().int(),
});

/** A message template (issue #26): SMS (body) or email (subject, html, text), with {{variables}}. */
export const template = loose({
  id: z.string().describe("tpl_<token>"),
  name: z.string(),
  channel: z.enum(["sms", "email"]),
  body: z.string().nullable(),
  subject: z.string().nullable(),
  html: z.string().nullable(),
  text: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
});

export const templatePreview = loose({
  channel: z.enum(["sms", "email"]),
  body: z.string().optional().describe("sms: the text as the contact would get it"),
  encoding: z.enum(["gsm7", "ucs2"]).optional().describe("sms: as sms/send counts it"),
  characters: z.number().int().optional(),
  segments: z.number().int().optional().describe("sms: what each recipient is charged for"),
  subject: z.string().optional(),
  html: z.string().nullable().optional().describe("email: values escaped"),
  text: z.string().nullable().optional(),
});

/** A broadcast (issue #26): one message to every contact of a list. */
export const broadcast = loose({
  id: z.string().describe("brd_<token>"),
  name: z.string(),
  channel: z.enum(["sms", "email"]),
  list_id: z.string().nullable(),
  status: z.enum(["draft", "scheduled", "sending", "paused", "sent", "cancelled"]),
  pause_reason: z
    .string()
    .nullable()
    .describe(
      "paused (someone paused it), insufficient_balance (it stopped before sending unpaid), content_rule, service_unavailable, carrier_unavailable, key_revoked, account_suspended, email_unverified (live, until an owner verifies their email)",
    ),
  recipients: z.number().int().describe("The list's contacts when it was made, then when it started"),
  estimated_cost: price.describe(
    "Per destination country from the list's subscribed contacts, at their routes' prices",
  ),
  scheduled_at: z.iso.datetime({ offset: true }).nullable(),
  created_at: z.iso.datetime({ offset: true }),
  started_at: z.iso.datetime({ offset: true }).nullable(),
  finished_at: z.iso.datetime({ offset: true }).nullable(),
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
    })
    .describe("Each recipient in exactly one"),
  cost: price.describe("What its messages were charged so far (refunds taken off)"),
});
