// A reply of STOP (or STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT, the French
// ARRET; any case, punctuation around it ignored) unsubscribes the number from
// the account's SMS broadcasts; START or UNSTOP subscribes it again. Recorded on
// the contact (made, unsubscribed, when the number was not one yet, so a later
// import cannot quietly text it again) and raised as contact.unsubscribed or
// contact.subscribed. An opt-out stops broadcasts only: a transactional API
// send (a code, a receipt) still goes (docs/decisions.md). START, and the
// account's own opt-in keyword (JOIN, say), also record SMS consent (source
// keyword, the reply as proof); the keyword makes the contact when the number
// is not one yet, which is what an opt-in keyword is for.
import { inPgTransaction } from "../../db/pg-transaction";
import { contactsLock } from "./merge-contacts";
import { newId } from "../../lib/ids";
import { normalizePhone } from "./normalize-contact";
import { db } from "../../db/client";

/** START and an account's keyword record consent by keyword, the reply ($6) as its proof. */
const CONSENT_BY_KEYWORD = `sms_consent_at = now(), sms_consent_source = 'keyword', sms_consent_proof = $6,
  sms_consent_withdrawn_at = NULL`;

const STOP = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "ARRET", "ARRÊT"]);
const START = new Set(["START", "UNSTOP"]);

export function optOutKeyword(body: string): "stop" | "start" | null {
  const word = optOutWord(body);
  if (STOP.has(word)) return "stop";
  if (START.has(word)) return "start";
  return null;
}

/** The account's opt-in word, compared as optOutKeyword compares (case and punctuation around it ignored). */
function isAccountKeyword(body: string, keyword: string | null | undefined): boolean {
  return !!keyword && optOutWord(body) === keyword.trim().toUpperCase();
}

function optOutWord(body: string): string {
  return body
    .trim()
    .toUpperCase()
    .replace(/^[\s.!,;:"'()-]+|[\s.!,;:"'()-]+$/g, "");
}

/**
 * Returns what the reply did, if it was a keyword. Inbound SMS are live: the live contact is the one. `consent`:
 * whether this account is the one the reply was addressed to (the account that last wrote to the number, or the one
 * owner of the sender): only then does START or the account's keyword record consent. A START fanned out to every
 * account that ever wrote from a shared sender only frees the number: consent is given to someone, not to all.
 */
export async function applyOptOutKeyword(input: {
  accountId: string;
  from: string;
  body: string;
  consent?: boolean;
}): Promise<"unsubscribed" | "subscribed" | null> {
  const consent = input.consent ?? true;
  let keyword: "stop" | "start" | "join" | null = optOutKeyword(input.body);
  if (!keyword && consent) {
    const account = await db().account.findUnique({
      where: { id: input.accountId },
      select: { consentKeyword: true },
    });
    if (isAccountKeyword(input.body, account?.consentKeyword)) keyword = "join";
  }
  if (!keyword) return null;
  const phone = normalizePhone(input.from);
  if ("reason" in phone) return null;
  const unsubscribe = keyword === "stop";
  const proof = `Replied "${optOutWord(input.body)}" from ${phone.phone} on ${new Date().toISOString()}`;
  const event = unsubscribe ? "contact.unsubscribed" : "contact.subscribed";
  // One statement: the opt-out (STOP makes the contact when missing; START only frees one that exists), and the
  // event, only when the state changed.
  const changed = unsubscribe
    ? `INSERT INTO contacts (id, account_id, mode, phone, country_iso, sms_unsubscribed_at)
       VALUES ($6, $1, 'live', $2, $7, now())
       ON CONFLICT (account_id, mode, phone) WHERE phone IS NOT NULL DO UPDATE
         SET sms_unsubscribed_at = now(), updated_at = now() WHERE contacts.sms_unsubscribed_at IS NULL
       RETURNING id, phone`
    : keyword === "start" && !consent
      ? `UPDATE contacts SET sms_unsubscribed_at = NULL, updated_at = now()
         WHERE account_id = $1 AND mode = 'live' AND phone = $2 AND sms_unsubscribed_at IS NOT NULL
         RETURNING id, phone`
      : keyword === "start"
        ? `UPDATE contacts SET sms_unsubscribed_at = NULL, updated_at = now(), ${CONSENT_BY_KEYWORD}
           WHERE account_id = $1 AND mode = 'live' AND phone = $2
             AND (sms_unsubscribed_at IS NOT NULL OR sms_consent_at IS NULL OR sms_consent_withdrawn_at IS NOT NULL)
           RETURNING id, phone`
        : `INSERT INTO contacts (id, account_id, mode, phone, country_iso, sms_consent_at, sms_consent_source, sms_consent_proof)
         VALUES ($7, $1, 'live', $2, $8, now(), 'keyword', $6)
         ON CONFLICT (account_id, mode, phone) WHERE phone IS NOT NULL DO UPDATE
           SET sms_unsubscribed_at = NULL, updated_at = now(), ${CONSENT_BY_KEYWORD}
           WHERE contacts.sms_unsubscribed_at IS NOT NULL OR contacts.sms_consent_at IS NULL
              OR contacts.sms_consent_withdrawn_at IS NOT NULL
         RETURNING id, phone`;
  const shared = [input.accountId, phone.phone, event, input.body.trim().toUpperCase(), newId("sub")];
  // Under the account's contacts lock, as imports and upserts are: never a unique clash with one under way.
  const { rowCount } = await inPgTransaction(
    async (client) => {
      // Kept apart from the contact: deleting it and importing the number again must not text it again.
      await client.query(
        unsubscribe
          ? `INSERT INTO opt_outs (account_id, mode, channel, address) VALUES ($1, 'live', 'sms', $2) ON CONFLICT DO NOTHING`
          : `DELETE FROM opt_outs WHERE account_id = $1 AND mode = 'live' AND channel = 'sms' AND address = $2`,
        [input.accountId, phone.phone],
      );
      return client.query(
        `WITH changed AS (${changed})
         INSERT INTO events (account_id, transaction_id, event, data, livemode)
         SELECT $1, $5, $3, jsonb_build_object('contact_id', id, 'type', 'contact', 'channel', 'sms', 'phone', phone,
                                               'keyword', $4::text), true
         FROM changed`,
        unsubscribe
          ? [...shared, newId("con"), phone.countryIso]
          : keyword === "start" && !consent
            ? shared
            : keyword === "start"
              ? [...shared, proof]
              : [...shared, proof, newId("con"), phone.countryIso],
      );
    },
    { lock: contactsLock(input.accountId, "live") },
  );
  return rowCount ? (unsubscribe ? "unsubscribed" : "subscribed") : null;
}
