// The consent export (owners, for an audit): every contact with consent on
// record or withdrawn, one row per channel: when they agreed, how, the proof,
// and when they withdrew it (a STOP, an unsubscribe). Streamed a page of
// contacts at a time along the (account, mode, created_at, id) index, so an
// account of millions is exported without holding them all.
import { sql } from "../../db/client";
import { toCsv } from "../../lib/csv";

const PAGE = 5_000;
export const CONSENT_CSV_HEADER = [
  "mode",
  "contact_id",
  "phone",
  "email",
  "channel",
  "status",
  "granted_at",
  "source",
  "proof",
  "withdrawn_at",
  "withdrawn_how",
];

type Row = {
  id: string;
  created_at: Date;
  phone: string | null;
  email: string | null;
  sms_consent_at: Date | null;
  sms_consent_source: string | null;
  sms_consent_proof: string | null;
  sms_unsubscribed_at: Date | null;
  sms_consent_withdrawn_at: Date | null;
  email_consent_at: Date | null;
  email_consent_source: string | null;
  email_consent_proof: string | null;
  email_unsubscribed_at: Date | null;
  email_consent_withdrawn_at: Date | null;
};

export function consentCsvStream(accountId: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const modes = ["live", "test"] as const;
  let mode = 0;
  let after: { at: Date; id: string } | null = null;
  let headerSent = false;
  return new ReadableStream({
    // Each pull enqueues something or closes: a pull that returned empty-handed would never be called again.
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(toCsv([CONSENT_CSV_HEADER])));
        return;
      }
      while (mode < modes.length) {
        const { rows } = await sql().query<Row>(
          `SELECT id, created_at, phone, email, sms_consent_at, sms_consent_source, sms_consent_proof, sms_unsubscribed_at,
                  email_consent_at, email_consent_source, email_consent_proof, email_unsubscribed_at,
                  sms_consent_withdrawn_at, email_consent_withdrawn_at
           FROM contacts WHERE account_id = $1 AND mode = $2::key_mode
             AND (created_at, id) > ($3::timestamptz, $4::text)
           ORDER BY created_at, id LIMIT ${PAGE}`,
          [accountId, modes[mode], after?.at ?? new Date(0), after?.id ?? ""],
        );
        const lines = rows.flatMap((r) => [...lineFor(modes[mode]!, r, "sms"), ...lineFor(modes[mode]!, r, "email")]);
        if (rows.length < PAGE) {
          mode++;
          after = null;
        } else after = { at: rows.at(-1)!.created_at, id: rows.at(-1)!.id };
        if (lines.length) return controller.enqueue(encoder.encode(toCsv(lines)));
      }
      controller.close();
    },
  });
}

/** A contact's record on one channel, if it has one: a grant, a withdrawal of it, or an opt-out (STOP, unsubscribe). */
function lineFor(mode: string, r: Row, channel: "sms" | "email"): string[][] {
  const at = r[`${channel}_consent_at`];
  const consentWithdrawn = r[`${channel}_consent_withdrawn_at`];
  const optedOut = r[`${channel}_unsubscribed_at`];
  const withdrawn = consentWithdrawn ?? optedOut;
  if (!at && !withdrawn) return [];
  return [
    [
      mode,
      r.id,
      r.phone ?? "",
      r.email ?? "",
      channel,
      withdrawn ? "withdrawn" : "granted",
      at?.toISOString() ?? "",
      r[`${channel}_consent_source`] ?? "",
      r[`${channel}_consent_proof`] ?? "",
      withdrawn?.toISOString() ?? "",
      consentWithdrawn ? "consent_withdrawn" : optedOut ? (channel === "sms" ? "replied_stop" : "unsubscribed") : "",
    ],
  ];
}
