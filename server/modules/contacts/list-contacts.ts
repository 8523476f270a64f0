// GET /api/v1/contacts: newest first, 50 a page, by list and by search. Each
// page is read from an index whatever the account's size: the (account, mode,
// created_at, id) keyset, a list's members, the phone or email unique index, or
// the name-prefix index.
import { sql } from "../../db/client";
import type { Contact } from "../../db/generated/client";
import type { AccountScope } from "../keys/resolve-api-key";
import { normalizeEmail, normalizePhone } from "./normalize-contact";
import { assertListsExist } from "./account-lists";
import { contactView } from "./contact-view";
import { CONTACT_CURSOR } from "./schemas";

const PAGE = 50;

export async function listContacts(input: { list_id?: string; q?: string; cursor?: string }, caller: AccountScope) {
  if (input.list_id) await assertListsExist(caller, [input.list_id]);
  const cursor = input.cursor ? CONTACT_CURSOR.exec(input.cursor) : null;
  const params: unknown[] = [caller.accountId, caller.mode, PAGE + 1];
  const where = ["c.account_id = $1", "c.mode = $2"];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (input.list_id)
    where.push(
      `EXISTS (SELECT 1 FROM contact_list_members m WHERE m.list_id = ${param(input.list_id)} AND m.contact_id = c.id)`,
    );
  if (cursor)
    where.push(
      `(c.created_at, c.id) < (${param(new Date(Number(cursor[1])).toISOString())}::timestamptz, ${param(cursor[2])})`,
    );
  if (input.q) where.push(searchFilter(input.q.trim(), param));
  const { rows } = await sql().query(
    `SELECT c.id, c.account_id AS "accountId", c.mode, c.phone, c.email, c.first_name AS "firstName",
            c.last_name AS "lastName", c.attributes, c.sms_unsubscribed_at AS "smsUnsubscribedAt",
            c.email_unsubscribed_at AS "emailUnsubscribedAt", c.created_at AS "createdAt", c.updated_at AS "updatedAt",
            c.sms_consent_at AS "smsConsentAt", c.sms_consent_source AS "smsConsentSource",
            c.sms_consent_proof AS "smsConsentProof", c.email_consent_at AS "emailConsentAt",
            c.email_consent_source AS "emailConsentSource", c.email_consent_proof AS "emailConsentProof",
            c.sms_consent_withdrawn_at AS "smsConsentWithdrawnAt", c.email_consent_withdrawn_at AS "emailConsentWithdrawnAt"
     FROM contacts c WHERE ${where.join(" AND ")} ORDER BY c.created_at DESC, c.id DESC LIMIT $3`,
    params,
  );
  const page = (rows as Contact[]).slice(0, PAGE);
  const members = page.length
    ? (
        await sql().query<{ contact_id: string; list_id: string }>(
          `SELECT contact_id, list_id FROM contact_list_members WHERE contact_id = ANY($1::text[])`,
          [page.map((c) => c.id)],
        )
      ).rows
    : [];
  const last = page.at(-1);
  return {
    contacts: page.map((c) =>
      contactView(
        c,
        members.filter((m) => m.contact_id === c.id).map((m) => m.list_id),
      ),
    ),
    next_cursor: rows.length > PAGE && last ? `${last.createdAt.getTime()}_${last.id}` : null,
  };
}

/** A phone number finds its contact; text with @ an email prefix; anything else a prefix of "first last". */
function searchFilter(q: string, param: (v: unknown) => string): string {
  const phone = /^[+\d][\d\s()-]{5,}$/.test(q) ? normalizePhone(q) : null;
  if (phone && "phone" in phone) return `c.phone = ${param(phone.phone)}`;
  if (q.includes("@")) {
    const email = normalizeEmail(q);
    return "email" in email
      ? `c.email = ${param(email.email)}`
      : `c.email LIKE ${param(`${escapeLike(q.toLowerCase())}%`)}`;
  }
  return `lower(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')) LIKE ${param(`${escapeLike(q.toLowerCase())}%`)}`;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
