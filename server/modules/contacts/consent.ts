// Consent on record (docs/decisions.md, "Windows and consent"): per contact and
// channel, when the person agreed, how, and where the proof is. Set through the
// API (a contact's `consent`), the dashboard, a CSV import's columns and a
// keyword reply; read by promotional broadcasts where a country's rule (or the
// account, for email) asks for it, and exported for an audit.
import { z } from "zod";
import type { Contact } from "../../db/generated/client";
import { typeError } from "../../errors/type-error";

export const CONSENT_SOURCES = ["import", "api", "form", "keyword", "dashboard"] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];
export type ConsentChannel = "sms" | "email";

/** What is recorded for one channel; null withdraws what was recorded. */
export type ConsentGrant = { at: Date; source: ConsentSource; proof: string | null };
export type ConsentChange = { sms?: ConsentGrant | null; email?: ConsentGrant | null };

export const MAX_PROOF = 500;
/** A grant dated later than now by more than a clock's drift is a mistake, not a record. */
const FUTURE_SLACK_MS = 5 * 60_000;

const grantInput = z
  .object({
    granted_at: z.iso
      .datetime({ offset: true, error: "granted_at must be an ISO 8601 time" })
      .optional()
      .describe("When they agreed (default: now); not in the future"),
    source: z
      .enum(CONSENT_SOURCES, { error: `source must be one of ${CONSENT_SOURCES.join(", ")}` })
      .optional()
      .describe("How they agreed (default api): import, api, form (your sign-up form), keyword, dashboard"),
    proof: z
      .string({ error: typeError("proof must be a string") })
      .max(MAX_PROOF)
      .optional()
      .describe("Where and how: the form's URL and the box they ticked, the campaign, the message they replied to"),
  })
  .nullable();

export const consentInput = z
  .object({
    sms: grantInput.optional().describe("SMS consent; null withdraws it (the grant stays on record, dated withdrawn)"),
    email: grantInput
      .optional()
      .describe("Email consent; null withdraws it (the grant stays on record, dated withdrawn)"),
  })
  .describe(
    "Consent on record (Ghana's Data Protection Act 2012 asks for it for direct marketing): promotional SMS broadcasts to a country whose rule asks for it reach only contacts with SMS consent",
  );
export type ConsentInput = z.infer<typeof consentInput>;

/** The API's consent input as grants (times checked); a message naming the field when one is wrong. */
export function consentChange(input: ConsentInput | undefined, now = new Date()): ConsentChange | { reason: string } {
  const change: ConsentChange = {};
  for (const channel of ["sms", "email"] as const) {
    const given = input?.[channel];
    if (given === undefined) continue;
    if (given === null) {
      change[channel] = null;
      continue;
    }
    const at = given.granted_at ? new Date(given.granted_at) : now;
    if (at.getTime() > now.getTime() + FUTURE_SLACK_MS)
      return { reason: `consent.${channel}.granted_at is in the future` };
    change[channel] = { at, source: given.source ?? "api", proof: given.proof?.trim() || null };
  }
  return change;
}

/** A contact's consent as the API answers it: the grant on record, withdrawn or not. */
export function consentView(c: Contact) {
  const one = (at: Date | null, source: string | null, proof: string | null, withdrawn: Date | null) =>
    at
      ? {
          granted_at: at.toISOString(),
          source: source as ConsentSource,
          proof,
          withdrawn_at: withdrawn?.toISOString() ?? null,
        }
      : null;
  return {
    sms: one(c.smsConsentAt, c.smsConsentSource, c.smsConsentProof, c.smsConsentWithdrawnAt),
    email: one(c.emailConsentAt, c.emailConsentSource, c.emailConsentProof, c.emailConsentWithdrawnAt),
  };
}

/** Whether a contact's consent holds for a channel: a grant on record, not withdrawn. */
export function hasConsent(c: Contact, channel: ConsentChannel): boolean {
  return channel === "sms"
    ? c.smsConsentAt !== null && c.smsConsentWithdrawnAt === null
    : c.emailConsentAt !== null && c.emailConsentWithdrawnAt === null;
}

const grantAnswer = z
  .object({
    granted_at: z.iso.datetime({ offset: true }),
    source: z.enum(CONSENT_SOURCES),
    proof: z.string().nullable(),
    withdrawn_at: z.iso
      .datetime({ offset: true })
      .nullable()
      .describe("When it was withdrawn (consent: null on a contact); the grant stays as the record of what was"),
  })
  .nullable();
export const consentAnswer = z
  .object({ sms: grantAnswer, email: grantAnswer })
  .describe("Consent on record per channel (null: never given); it holds while withdrawn_at is null");
