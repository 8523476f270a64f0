// The inputs of /api/v1/contacts and /api/v1/lists (docs/decisions.md, "Contacts and imports"), one schema each, then what they answer.
import { z } from "zod";
import { idQueryInput } from "../../lib/id-input";
import { typeError } from "../../errors/type-error";
import { E164_DOCUMENTED, EMAIL_ADDRESS } from "../../lib/string-formats";
import { loose } from "../../lib/response-parts";
import { consentAnswer, consentInput } from "./consent";

/** A page's end: the last contact's creation time (ms) and id. */
export const CONTACT_CURSOR = /^(\d{1,15})_(con_[A-Za-z0-9]{20})$/;

/** Import and upsert take at most this many contacts' worth of text (100,000 rows of a typical CSV). */
export const MAX_IMPORT_ROWS = 100_000;
export const IMPORT_MAX_BODY_BYTES = 16 * 1024 * 1024;

const name = (field: string) =>
  z
    .string({ error: typeError(`${field} must be a string`) })
    .max(100)
    .optional();

export const upsertContactInput = z.object({
  phone: z
    .string({ error: typeError("phone must be a string") })
    .max(32)
    // Said in the document; normalizePhone is what is checked (a Ghanaian local number is taken too).
    .meta(E164_DOCUMENTED)
    .optional()
    .describe(
      "E.164, or a Ghanaian local number (024 123 4567 is +233241234567); one contact per phone (INVALID_PHONE_NUMBER)",
    ),
  email: z
    .string({ error: typeError("email must be a string") })
    .max(320)
    .meta({ format: "email", pattern: EMAIL_ADDRESS.source })
    .optional()
    .describe("One contact per address, lower-cased (INVALID_EMAIL)"),
  first_name: name("first_name"),
  last_name: name("last_name"),
  attributes: z
    .record(z.string().regex(/^[A-Za-z0-9_]{1,40}$/), z.string().max(500), {
      error: "attributes must be an object of string values, keyed by letters, digits and _ (at most 40)",
    })
    .optional()
    .describe("Merged into the contact's: {{attributes.<name>}} in a template"),
  lists: z.array(z.string().min(1).max(64)).max(100).optional().describe("List ids to add the contact to"),
  consent: consentInput.optional(),
});
export type UpsertContactInput = z.infer<typeof upsertContactInput>;

export const listContactsQuery = z.object({
  list_id: z.string().min(1).max(64).optional(),
  q: z.string().min(1).max(100).optional().describe("A phone number, an email prefix, or a name prefix"),
  cursor: z
    .string()
    .regex(CONTACT_CURSOR, "cursor must be the next_cursor of a previous page")
    .optional()
    .describe("next_cursor of the previous page"),
});

export const contactIdQuery = idQueryInput("contact");

export const importContactsInput = z.object({
  csv: z
    .string({ error: typeError("csv must be a string") })
    .min(1)
    .describe(
      `A header row (phone, email, first_name, last_name; any other column becomes an attribute), then at most ${MAX_IMPORT_ROWS.toLocaleString("en")} rows`,
    ),
  list_id: z.string().min(1).max(64).optional().describe("A list to add every imported and updated contact to"),
  consent_columns: z
    .object({
      sms_consent: z.string().min(1).max(40).optional(),
      sms_consent_proof: z.string().min(1).max(40).optional(),
      email_consent: z.string().min(1).max(40).optional(),
      email_consent_proof: z.string().min(1).max(40).optional(),
    })
    .optional()
    .describe(
      'Which of the file\'s columns say consent, when they are not named sms_consent, sms_consent_proof, email_consent and email_consent_proof: e.g. { "sms_consent": "opted_in" }. A consent cell is yes/true/1 (agreed, recorded now) or the ISO 8601 date they agreed; empty or no records nothing. Recorded with source import',
    ),
});

export const createListInput = z.object({
  name: z
    .string({ error: typeError("name must be a string") })
    .max(100)
    .regex(/\S/, "name must not be blank")
    .transform((s) => s.trim()),
});

export const listIdQuery = idQueryInput("list");

// What the /api/v1/contacts and /api/v1/lists endpoints answer inside `data`, beside what they take: the OpenAPI document is generated from both.
/** Contacts (docs/decisions.md, "Contacts and imports"): a contact, a list, an import's report. */
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
  consent: consentAnswer,
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
