// Upserting contacts, one or a whole import, in one transaction under the
// account's contacts lock: each row finds the contact that has its phone or
// its email (one per each in an account and mode) and updates it, or becomes a
// new one. A row whose phone and email belong to two different contacts is
// refused rather than merged: which one is meant is the customer's call.
import type { PoolClient } from "pg";
import { inPgTransaction, type Queryable } from "../../db/pg-transaction";
import { sql } from "../../db/client";
import { AppError } from "../../errors/app-error";
import type { WorkDeadline } from "../../lib/work-deadline";
import { newId } from "../../lib/ids";
import type { ConsentChange, ConsentGrant } from "./consent";

export type ContactRow = {
  /** The row's number in the file (an import), for the report. */
  row?: number;
  phone?: string;
  /** The phone's country (libphonenumber's), kept with it. */
  countryIso?: string | null;
  email?: string;
  firstName?: string;
  lastName?: string;
  attributes?: Record<string, string>;
  /** Consent to record per channel (null withdraws it); absent leaves what is on record. */
  consent?: ConsentChange;
  /** An import's consent does not replace one already on record (its date and proof are the better evidence). */
  consentIfNone?: boolean;
};

type Existing = { id: string; phone: string | null; email: string | null };

export type MergeOutcome = {
  imported: number;
  updated: number;
  skipped: { row: number; reason: string }[];
  /** The contact each written row ended on, in row order (skipped rows left out). */
  contactIds: string[];
};

/** The request's deadline, checked between statements and committed right before COMMIT. */
export type MergeDeadline = WorkDeadline;

/** Rows per statement: each one ends well inside a second, so a 100,000-row import never looks like a stalled database. */
const CHUNK = 2_000;

export async function mergeContacts({
  scope,
  rows,
  listIds = [],
  options = {},
}: {
  scope: { accountId: string; mode: "live" | "test" };
  rows: ContactRow[];
  listIds?: string[];
  options?: { deadline?: MergeDeadline; exclusive?: boolean };
}): Promise<MergeOutcome> {
  const { deadline } = options;
  return inPgTransaction((client) => mergeLocked(client, scope, rows, listIds, deadline), {
    lock: contactsLock(scope.accountId, scope.mode),
    // An import does not queue behind another: it would hold a connection for as long as that one writes.
    busy: options.exclusive ? importBusy : undefined,
    beforeCommit: deadline && (() => deadline.commit()),
  });
}

const importBusy = () =>
  new AppError("CONFLICT", {
    message: "Another import or change of this account's contacts is under way; retry when it is done",
    context: { reason: "contacts_busy" },
  });

/** The lock every write of an account's contacts of one mode takes (imports, upserts, STOP replies). */
export const contactsLock = (accountId: string, mode: string) => `contacts:${accountId}:${mode}`;

/**
 * What a merge would do, written nowhere: the import preview's answer. Read outside the lock, so an import running
 * meanwhile may change it a little; the import itself reports what it did.
 */
export async function planContactMerge(
  scope: { accountId: string; mode: string },
  rows: ContactRow[],
): Promise<MergeOutcome> {
  const { inserts, updates, ...outcome } = await planMerge(sql(), scope, rows);
  return { ...outcome, imported: inserts.length, updated: updates.length };
}

async function mergeLocked(
  client: PoolClient,
  scope: { accountId: string; mode: string },
  rows: ContactRow[],
  listIds: string[],
  deadline?: MergeDeadline,
): Promise<MergeOutcome> {
  const { inserts, updates, skipped, contactIds } = await planMerge(client, scope, rows, deadline);
  await writeMerge(client, scope, inserts, updates, deadline);
  for (const listId of listIds)
    for (const ids of chunks(contactIds)) {
      deadline?.checkpoint();
      await client.query(
        `INSERT INTO contact_list_members (list_id, contact_id) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`,
        [listId, ids],
      );
    }
  return { imported: inserts.length, updated: updates.length, skipped, contactIds };
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

type Planned = ContactRow & { id: string };

/** When this phone or address opted out of the account's broadcasts, if it did: a contact made or given it again starts unsubscribed. */
const optedOut = (channel: "sms" | "email", address: string) =>
  `(SELECT o.created_at FROM opt_outs o WHERE o.account_id = $1 AND o.mode = $2::key_mode
      AND o.channel = '${channel}' AND o.address = ${address})`;

async function planMerge(
  client: Queryable,
  scope: { accountId: string; mode: string },
  rows: ContactRow[],
  deadline?: MergeDeadline,
) {
  // Both partial unique indexes, read a chunk of rows at a time.
  const found: Existing[] = [];
  for (const part of chunks(rows)) {
    deadline?.checkpoint();
    const { rows: some } = await client.query<Existing>(
      `SELECT id, phone, email FROM contacts WHERE account_id = $1 AND mode = $2
         AND ((phone IS NOT NULL AND phone = ANY($3::text[])) OR (email IS NOT NULL AND email = ANY($4::text[])))`,
      [scope.accountId, scope.mode, part.flatMap((r) => r.phone ?? []), part.flatMap((r) => r.email ?? [])],
    );
    found.push(...some);
  }
  const byPhone = new Map(found.filter((c) => c.phone).map((c) => [c.phone!, c]));
  const byEmail = new Map(found.filter((c) => c.email).map((c) => [c.email!, c]));
  const seenPhone = new Map<string, number>();
  const seenEmail = new Map<string, number>();
  const seenTarget = new Map<string, number>();
  const inserts: Planned[] = [];
  const updates: Planned[] = [];
  const skipped: MergeOutcome["skipped"] = [];
  const contactIds: string[] = [];

  rows.forEach((r, i) => {
    const rowNumber = r.row ?? i + 1;
    const earlier = (r.phone && seenPhone.get(r.phone)) || (r.email && seenEmail.get(r.email));
    if (earlier) return skipped.push({ row: rowNumber, reason: `duplicate of row ${earlier}` });
    const a = r.phone ? byPhone.get(r.phone) : undefined;
    const b = r.email ? byEmail.get(r.email) : undefined;
    if (a && b && a.id !== b.id)
      return skipped.push({
        row: rowNumber,
        reason: `phone ${r.phone} and email ${r.email} are on two different contacts (${a.id}, ${b.id})`,
      });
    // A contact found by one key may already carry another value of the other (its own phone, say): that one stays.
    const target = a ?? b;
    if (target && r.phone && target.phone && target.phone !== r.phone)
      return skipped.push({
        row: rowNumber,
        reason: `${target.id} (found by email) already has phone ${target.phone}`,
      });
    if (target && r.email && target.email && target.email !== r.email)
      return skipped.push({
        row: rowNumber,
        reason: `${target.id} (found by phone) already has email ${target.email}`,
      });
    // Two rows that reach one contact by different keys (one by its phone, one by its email) are one contact twice.
    const sameContact = target && seenTarget.get(target.id);
    if (sameContact) return skipped.push({ row: rowNumber, reason: `duplicate of row ${sameContact}` });
    if (r.phone) seenPhone.set(r.phone, rowNumber);
    if (r.email) seenEmail.set(r.email, rowNumber);
    if (target) seenTarget.set(target.id, rowNumber);
    if (target) {
      updates.push({ ...r, id: target.id });
      contactIds.push(target.id);
    } else {
      const id = newId("con");
      inserts.push({ ...r, id });
      contactIds.push(id);
    }
  });
  return { inserts, updates, skipped, contactIds };
}

async function writeMerge(
  client: Queryable,
  scope: { accountId: string; mode: string },
  inserts: Planned[],
  updates: Planned[],
  deadline?: MergeDeadline,
) {
  const grant = (r: Planned, channel: "sms" | "email"): ConsentGrant | null | undefined => r.consent?.[channel];
  const consentColumns = (list: Planned[], channel: "sms" | "email") => [
    list.map((r) => grant(r, channel) !== undefined),
    list.map((r) => grant(r, channel)?.at ?? null),
    list.map((r) => grant(r, channel)?.source ?? null),
    list.map((r) => grant(r, channel)?.proof ?? null),
  ];
  const columns = (list: Planned[]) => [
    list.map((r) => r.id),
    list.map((r) => r.phone ?? null),
    list.map((r) => r.email ?? null),
    list.map((r) => r.firstName ?? null),
    list.map((r) => r.lastName ?? null),
    list.map((r) => JSON.stringify(r.attributes ?? {})),
    list.map((r) => r.countryIso ?? null),
    ...consentColumns(list, "sms"),
    ...consentColumns(list, "email"),
    list.map((r) => r.consentIfNone === true),
  ];
  const unnest = `unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
      $10::boolean[], $11::timestamptz[], $12::text[], $13::text[], $14::boolean[], $15::timestamptz[], $16::text[],
      $17::text[], $18::boolean[])
    AS u(id, phone, email, first_name, last_name, attributes, country_iso, sms_set, sms_at, sms_source, sms_proof,
         email_set, email_at, email_source, email_proof, if_none)`;
  // A grant applies when the row gives one, unless the row only fills what is not on record (an import): then only
  // where no consent holds, and not over a withdrawal later than the grant's date. A null withdraws what holds,
  // keeping the grant as the record of what was.
  const applies = (ch: "sms" | "email") =>
    `(u.${ch}_set AND u.${ch}_at IS NOT NULL AND (NOT u.if_none OR c.${ch}_consent_at IS NULL
       OR (c.${ch}_consent_withdrawn_at IS NOT NULL AND u.${ch}_at > c.${ch}_consent_withdrawn_at)))`;
  const consent = (ch: "sms" | "email") =>
    [
      ...(["at", "source", "proof"] as const).map(
        (col) => `${ch}_consent_${col} = CASE WHEN ${applies(ch)} THEN u.${ch}_${col} ELSE c.${ch}_consent_${col} END`,
      ),
      `${ch}_consent_withdrawn_at = CASE WHEN ${applies(ch)} THEN NULL
         WHEN u.${ch}_set AND u.${ch}_at IS NULL
           THEN coalesce(c.${ch}_consent_withdrawn_at, CASE WHEN c.${ch}_consent_at IS NOT NULL THEN now() END)
         ELSE c.${ch}_consent_withdrawn_at END`,
    ].join(", ");
  for (const part of chunks(inserts)) {
    deadline?.checkpoint();
    await client.query(
      `INSERT INTO contacts (id, account_id, mode, phone, email, first_name, last_name, attributes, country_iso,
                             sms_unsubscribed_at, email_unsubscribed_at, sms_consent_at, sms_consent_source,
                             sms_consent_proof, email_consent_at, email_consent_source, email_consent_proof)
       SELECT u.id, $1, $2::key_mode, u.phone, u.email, u.first_name, u.last_name, u.attributes::jsonb, u.country_iso,
              ${optedOut("sms", "u.phone")}, ${optedOut("email", "u.email")}, u.sms_at, u.sms_source, u.sms_proof,
              u.email_at, u.email_source, u.email_proof
       FROM ${unnest}`,
      [scope.accountId, scope.mode, ...columns(part)],
    );
  }
  // What a row leaves empty stays as it was; attributes merge.
  for (const part of chunks(updates)) {
    deadline?.checkpoint();
    await client.query(
      `UPDATE contacts c SET phone = coalesce(u.phone, c.phone), email = coalesce(u.email, c.email),
              country_iso = coalesce(u.country_iso, c.country_iso),
              first_name = coalesce(u.first_name, c.first_name), last_name = coalesce(u.last_name, c.last_name),
              attributes = c.attributes || u.attributes::jsonb, updated_at = now(),
              sms_unsubscribed_at = coalesce(c.sms_unsubscribed_at, ${optedOut("sms", "u.phone")}),
              email_unsubscribed_at = coalesce(c.email_unsubscribed_at, ${optedOut("email", "u.email")}),
              ${consent("sms")}, ${consent("email")}
       FROM ${unnest} WHERE c.id = u.id AND c.account_id = $1 AND c.mode = $2::key_mode`,
      [scope.accountId, scope.mode, ...columns(part)],
    );
  }
}
