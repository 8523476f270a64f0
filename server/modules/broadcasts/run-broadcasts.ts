// The worker's broadcast loop, once a second: start the scheduled ones that
// are due, settle claims a dead worker left, and send each sending broadcast's
// next recipients at its plan's rate (the per-minute limit of its channel,
// shared by the account's broadcasts and every worker: broadcast-pace.ts). A
// broadcast has its own queue and pace: it is not counted against the API's
// counters, so the account's own API sends, and everyone else's, go on as fast
// as before.
//
// Never a recipient twice, never one skipped: a recipient is claimed, with the
// transaction id its message will have, and the claim is refreshed right
// before the message is made (a claim another worker settled meanwhile is not
// sent from here). A claim untouched for two minutes belongs to a worker that
// died: its message exists (settled by the crash-recovery of sends) and the
// recipient counts as sent, or it never began and it is queued again.
//
// Country windows (Ghana's promotional SMS: 08:00-19:00, Monday to Saturday):
// a recipient whose country's window is closed is not claimed; the others go
// on. When only closed countries are left the broadcast waits, still sending,
// and goes on by itself at the next opening (its status says when).
import { db, sql } from "../../db/client";
import { inPgTransaction } from "../../db/pg-transaction";
import type { Broadcast } from "../../db/generated/client";
import { newTransactionId } from "../../lib/transaction-ids";
import { planLimits } from "../limits/plan-limits";
import type { ApiCaller } from "../keys/resolve-api-key";
import { broadcastStatusOf, startBroadcast } from "./control-broadcast";
import { sendToRecipient } from "./send-to-recipient";
import { grantBroadcastSends } from "./broadcast-pace";
import { logger } from "../../lib/logger";
import { ownerEmailVerified } from "../keys/broadcast-key";
import { coverage } from "../coverage/coverage-cache";
import { windowAt } from "../coverage/sending-window";
import { pinnedClock } from "../../lib/clock";

const STALE_CLAIM = "2 minutes";
const TICK_S = 1;

export async function pumpBroadcasts(): Promise<number> {
  const due = await sql().query<{ id: string }>(
    `SELECT id FROM broadcasts WHERE status = 'scheduled' AND scheduled_at <= now() ORDER BY scheduled_at LIMIT 20`,
  );
  for (const { id } of due.rows) await startBroadcast(id).catch((error) => failedTick(id, error));
  await settleStaleClaims();
  // The least recently pumped first (each pump touches updated_at): twenty broadcasts cannot hold the loop.
  const sending = await db().broadcast.findMany({
    where: { status: "sending" },
    orderBy: { updatedAt: "asc" },
    take: 20,
  });
  let handled = 0;
  for (const b of sending) {
    handled += await pumpOne(b).catch((error) => failedTick(b.id, error));
    await sql().query(`UPDATE broadcasts SET updated_at = now() WHERE id = $1`, [b.id]);
  }
  return handled;
}

/** One broadcast's trouble is logged and left for the next tick; the others go on. */
function failedTick(id: string, error: unknown): number {
  logger().error({ err: error, broadcast: id }, "broadcast tick failed");
  return 0;
}

async function pumpOne(b: Broadcast): Promise<number> {
  const account = await db().account.findUnique({ where: { id: b.accountId } });
  if (!account || account.status !== "active") {
    await pause(b.id, "account_suspended");
    return 0;
  }
  // The key that made it was revoked: whatever it started stops with it (an owner resumes with a key of their own).
  const key = await db().apiKey.findUnique({ where: { id: b.apiKeyId }, select: { revokedAt: true } });
  if (!key || key.revokedAt) {
    await pause(b.id, "key_revoked");
    return 0;
  }
  // As the API's live keys: live messages wait until an owner has verified their email.
  if (b.mode === "live" && !(await ownerEmailVerified(b.accountId))) {
    await pause(b.id, "email_unverified");
    return 0;
  }
  const caller: ApiCaller = {
    keyId: b.apiKeyId,
    keyPrefix: "broadcast",
    mode: b.mode,
    scopes: [],
    accountId: b.accountId,
    accountStatus: account.status,
    ownerEmailVerified: true,
    planId: account.planId,
    currency: account.currency,
  };
  const perMinute = (await planLimits(account.planId, b.channel)).minute;
  const open = await openCountries(b);
  const wanted = await queuedCount(b.id, Math.max(1, Math.ceil((perMinute * TICK_S) / 60)), open);
  if (!wanted) {
    await finishIfDone(b.id);
    return 0;
  }
  const claimed = await claim(
    b,
    await grantBroadcastSends({ accountId: b.accountId, channel: b.channel, perMinute, wanted }),
    open,
  );
  for (let i = 0; i < claimed.length; i++) {
    const { contact_id: contactId, transaction_id: transactionId } = claimed[i]!;
    // Still ours? A claim settled meanwhile as a dead worker's is queued again or counted: not sent from here.
    if (!(await touch(b.id, contactId, transactionId))) continue;
    const outcome = await sendToRecipient({
      broadcast: b,
      contactId,
      transactionId,
      caller,
      emailConsentRequired: account.emailConsentRequired,
    });
    if (outcome.status === "wait") {
      // Its country's window closed between the claim and the send (or its stored country was not where the message
      // goes): it waits for the opening under the country the message goes to, so it is not claimed again meanwhile.
      await sql().query(
        `UPDATE broadcast_recipients SET status = 'queued', transaction_id = NULL, updated_at = now(),
                country_iso = coalesce($4, country_iso)
         WHERE broadcast_id = $1 AND contact_id = $2 AND status = 'sending' AND transaction_id = $3`,
        [b.id, contactId, transactionId, outcome.country],
      );
      continue;
    }
    if (outcome.status === "halt") {
      await release(b.id, claimed.slice(i));
      await pause(b.id, outcome.reason);
      return i;
    }
    await sql().query(
      `UPDATE broadcast_recipients SET status = $4, error = $5, updated_at = now()
       WHERE broadcast_id = $1 AND contact_id = $2 AND status = 'sending' AND transaction_id = $3`,
      [b.id, contactId, transactionId, outcome.status, "error" in outcome ? outcome.error : null],
    );
    // Paused or cancelled meanwhile: what is still claimed goes back to the queue.
    if (i < claimed.length - 1 && (await broadcastStatusOf(b.id)) !== "sending") {
      await release(b.id, claimed.slice(i + 1));
      return i + 1;
    }
  }
  return claimed.length;
}

/**
 * The countries a recipient may be claimed in now: null when no window of the broadcast's category is closed (any
 * recipient), else every country but the closed ones. A list of ~250 codes the index reads one by one: a million
 * queued Ghanaian recipients waiting for Monday are never scanned to find the Nigerian ones behind them.
 */
async function openCountries(b: Broadcast): Promise<string[] | null> {
  if (b.channel !== "sms") return null;
  const { countries, countryRules } = await coverage();
  const now = pinnedClock() ?? new Date();
  const closed = new Set(
    countryRules.filter((r) => r.category === b.category && !windowAt(r, now).open).map((r) => r.countryIso),
  );
  return closed.size ? countries.map((c) => c.iso2).filter((iso) => !closed.has(iso)) : null;
}

/** The claim's filter on the recipient's country ($3); recipients without one (no phone) are never held. */
// bpchar[]: the column's own type, so the index narrows on it (a text[] would cast the column and scan the range).
const IN_OPEN_COUNTRY = `AND (r.country_iso = ANY($3::bpchar[]) OR r.country_iso IS NULL)`;

async function queuedCount(broadcastId: string, atMost: number, open: string[] | null): Promise<number> {
  const { rows } = await sql().query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM broadcast_recipients r WHERE r.broadcast_id = $1 AND r.status = 'queued'
     ${open ? IN_OPEN_COUNTRY : ""} LIMIT $2) q`,
    open ? [broadcastId, atMost, open] : [broadcastId, atMost],
  );
  return rows[0]!.n;
}

/** The next `count` queued recipients of a broadcast still sending, each given the transaction id its message will have. */
async function claim(b: Broadcast, count: number, open: string[] | null) {
  if (count <= 0) return [];
  return inPgTransaction(async (client) => {
    // By contact id when nothing is held (one index range); by country's open ranges when a window holds some.
    const { rows } = await client.query<{ contact_id: string }>(
      `SELECT r.contact_id FROM broadcast_recipients r
       WHERE r.broadcast_id = $1 AND r.status = 'queued' ${open ? IN_OPEN_COUNTRY : ""}
         AND EXISTS (SELECT 1 FROM broadcasts b WHERE b.id = $1 AND b.status = 'sending')
       ${open ? "" : "ORDER BY r.contact_id"} LIMIT $2 FOR UPDATE SKIP LOCKED`,
      open ? [b.id, count, open] : [b.id, count],
    );
    const claimed = rows.map((r) => ({ contact_id: r.contact_id, transaction_id: newTransactionId(b.channel) }));
    if (claimed.length)
      await client.query(
        `UPDATE broadcast_recipients r SET status = 'sending', transaction_id = u.tx, updated_at = now()
         FROM unnest($2::text[], $3::text[]) AS u(contact_id, tx)
         WHERE r.broadcast_id = $1 AND r.contact_id = u.contact_id`,
        [b.id, claimed.map((c) => c.contact_id), claimed.map((c) => c.transaction_id)],
      );
    return claimed;
  });
}

/** Refreshes a claim right before its message is made; false when it is no longer this worker's. */
async function touch(broadcastId: string, contactId: string, transactionId: string): Promise<boolean> {
  const { rowCount } = await sql().query(
    `UPDATE broadcast_recipients SET updated_at = now()
     WHERE broadcast_id = $1 AND contact_id = $2 AND status = 'sending' AND transaction_id = $3`,
    [broadcastId, contactId, transactionId],
  );
  return (rowCount ?? 0) > 0;
}

async function release(broadcastId: string, claims: { contact_id: string; transaction_id: string }[]) {
  await sql().query(
    `UPDATE broadcast_recipients SET status = 'queued', transaction_id = NULL, updated_at = now()
     WHERE broadcast_id = $1 AND status = 'sending' AND transaction_id = ANY($2::text[])`,
    [broadcastId, claims.map((c) => c.transaction_id)],
  );
}

/** Claims a dead worker left: sent when their message exists (failed if it failed), queued again when it never began. */
export async function settleStaleClaims(): Promise<number> {
  const { rowCount } = await sql().query(
    `UPDATE broadcast_recipients r
     SET status = CASE
           WHEN coalesce(s.status::text, e.status::text) = 'failed' THEN 'failed'::broadcast_recipient_status
           WHEN coalesce(s.id, e.transaction_id) IS NOT NULL THEN 'sent'::broadcast_recipient_status
           ELSE 'queued'::broadcast_recipient_status END,
         transaction_id = CASE WHEN coalesce(s.id, e.transaction_id) IS NOT NULL THEN r.transaction_id END,
         updated_at = now()
     FROM broadcast_recipients x
     LEFT JOIN sms_messages s ON s.id = x.transaction_id
     LEFT JOIN email_messages e ON e.transaction_id = x.transaction_id
     WHERE r.broadcast_id = x.broadcast_id AND r.contact_id = x.contact_id
       AND x.status = 'sending' AND x.updated_at < now() - interval '${STALE_CLAIM}'`,
  );
  return rowCount ?? 0;
}

async function finishIfDone(id: string) {
  await sql().query(
    `UPDATE broadcasts SET status = 'sent', finished_at = now(), updated_at = now()
     WHERE id = $1 AND status = 'sending'
       AND NOT EXISTS (SELECT 1 FROM broadcast_recipients WHERE broadcast_id = $1 AND status IN ('queued', 'sending'))`,
    [id],
  );
}

async function pause(id: string, reason: string) {
  await sql().query(
    `UPDATE broadcasts SET status = 'paused', pause_reason = $2, updated_at = now() WHERE id = $1 AND status = 'sending'`,
    [id, reason],
  );
}
