// A purchase's writes, one statement each: created pending (with its
// reservation, live); then settled once, guarded by status = 'pending':
// success (capture) or failed (refund), each with its events; or left
// pending for reconciliation. A second settle changes nothing.
import { sql } from "../../db/client";
import { namedSql } from "../../db/named-sql";
import type { Topup } from "../../db/generated/client";
import { captureCte, refundCte, reserveCte } from "../billing/charge-sql";
import { topupEventData } from "./topup-view";
import type { IdempotencyScope } from "../idempotency/idempotency-key";
import { assertKeyHeld, bindKeyCte, heldKey, keyBindingValues } from "../idempotency/bind-key-sql";
import { sendRecoveryAfterS } from "../operations/send-recovery";

const COLUMNS = `id, account_id, api_key_id, actor, mode, kind, phone_number, country_iso, network, operator_id, operator_name, bundle_id,
  capacity_gb, amount, amount_currency, price_micros, currency, status, provider, created_at, updated_at, reconcile_at`;

/**
 * Created pending (reserved, live), bound to its idempotency key, and due for
 * reconciliation once its request's own time is up: if the process dies
 * mid-purchase, the reconciliation job asks the provider what happened.
 * Returns false when a live purchase's balance is short: then nothing was written.
 */
export async function insertPendingTopup({
  topup: t,
  reason,
  idem,
}: {
  topup: Topup;
  reason: string;
  idem?: IdempotencyScope;
}): Promise<boolean> {
  const values = {
    ...t,
    reason,
    capacityGb: t.capacityGb?.toString() ?? null,
    amount: t.amount?.toString() ?? null,
    recoverAt: new Date(t.createdAt.getTime() + sendRecoveryAfterS() * 1000),
    ...keyBindingValues(idem),
  };
  const statement = namedSql(values, (p) => {
    const row = `${p("id")}::text, ${p("accountId")}::text, ${p("apiKeyId")}::text, ${p("actor")}::text, ${p("mode")}::key_mode, ${p("kind")}::text,
      ${p("phoneNumber")}::text, ${p("countryIso")}::char(2), ${p("network")}::text, ${p("operatorId")}::bigint, ${p("operatorName")}::text, ${p("bundleId")}::text,
      ${p("capacityGb")}::numeric, ${p("amount")}::numeric, ${p("amountCurrency")}::char(3), ${p("priceMicros")}::bigint, ${p("currency")}::char(3),
      'pending', ${p("provider")}::text, ${p("createdAt")}::timestamptz, ${p("createdAt")}::timestamptz, ${p("recoverAt")}::timestamptz`;
    const key = heldKey(p, idem);
    const bound = bindKeyCte({ placeholder: p, scope: idem, transaction: `${p("id")}::text`, created: "created" });
    return t.mode === "live"
      ? `WITH ${key.with}${reserveCte({ account: `${p("accountId")}::text`, amount: `${p("priceMicros")}::bigint`, transaction: `${p("id")}::text`, reason: `${p("reason")}::text`, actor: `${p("actor")}::text`, gate: key.gate })},
         created AS (INSERT INTO topups (${COLUMNS}) SELECT ${row} FROM debit RETURNING id)${bound}
         SELECT EXISTS (SELECT 1 FROM debit) AS written, ${key.column}`
      : `WITH ${key.with}created AS (INSERT INTO topups (${COLUMNS}) SELECT ${row}${key.from} RETURNING id)${bound} SELECT true AS written, ${key.column}`;
  });
  const { rows } = await sql().query(statement);
  assertKeyHeld(rows[0], idem);
  return rows[0]?.written === true;
}

// A settle's money moves only for the live purchase its status change just moved (`moved`, below).
const SETTLED = {
  gate: { cte: "moved", where: "g.mode = 'live'" },
  account: "g.account_id",
  amount: "g.price_micros",
  transaction: "g.id",
  actor: "'system'",
};

type Settle = { providerReference?: string | null; message?: string | null };

/** pending -> success: the reservation is captured; events for a delivered purchase. Returns whether it moved. */
export async function settleTopupSuccess(t: Topup, settle: Settle): Promise<boolean> {
  const events = t.kind === "data" ? ["data.delivered", "data.success"] : ["airtime.success"];
  return settleStatement(
    t,
    "success",
    settle,
    events,
    captureCte({ ...SETTLED, reason: "'Delivered: ' || g.kind || ' to ' || g.phone_number" }),
  );
}

/** pending -> failed: the reservation goes back to the balance; a failure event. Returns whether it moved. */
export async function settleTopupFailed(t: Topup, settle: Settle): Promise<boolean> {
  return settleStatement(
    t,
    "failed",
    settle,
    [t.kind === "data" ? "data.failed" : "airtime.failed"],
    refundCte({ ...SETTLED, reason: "'Refund: ' || g.kind || ' to ' || g.phone_number" }),
  );
}

/** Still pending (the provider is working on it, or we could not tell): look again at `reconcileAt`. */
export async function keepTopupPending(
  t: Topup,
  settle: Settle & { reconcileAt: Date; purchasedEvent: boolean },
): Promise<void> {
  const data = JSON.stringify(
    topupEventData({ ...t, providerReference: settle.providerReference ?? t.providerReference }, "pending"),
  );
  await sql().query(
    `WITH updated AS (UPDATE topups SET provider_reference = COALESCE($2, provider_reference), provider_message = COALESCE($3, provider_message),
                      reconcile_at = $4, reconcile_attempts = reconcile_attempts + CASE WHEN reconcile_at IS NULL THEN 0 ELSE 1 END, updated_at = now()
                      WHERE id = $1 AND status = 'pending' RETURNING id, account_id)
     INSERT INTO events (account_id, transaction_id, event, data)
     SELECT account_id, id, 'data.purchased', $5::jsonb FROM updated WHERE $6 ON CONFLICT DO NOTHING`,
    [t.id, settle.providerReference ?? null, settle.message ?? null, settle.reconcileAt, data, settle.purchasedEvent],
  );
}

async function settleStatement(
  t: Topup,
  status: "success" | "failed",
  settle: Settle,
  events: string[],
  ledgerCtes: string,
): Promise<boolean> {
  const final = {
    ...t,
    status,
    providerReference: settle.providerReference ?? t.providerReference,
    providerMessage: settle.message ?? t.providerMessage,
    completedAt: new Date(),
  };
  // A data purchase that goes straight to delivered was also "purchased".
  const names = t.kind === "data" && status === "success" ? ["data.purchased", ...events] : events;
  const payloads = names.map((name) =>
    JSON.stringify(topupEventData(final, name === "data.purchased" ? "pending" : status)),
  );
  const { rows } = await sql().query<{ moved: number }>(
    `WITH moved AS (UPDATE topups SET status = $2, provider_reference = COALESCE($3, provider_reference), provider_message = COALESCE($4, provider_message),
                    reconcile_at = NULL, completed_at = now(), updated_at = now() WHERE id = $1 AND status = 'pending' RETURNING *),
     ${ledgerCtes},
     raised AS (INSERT INTO events (account_id, transaction_id, event, data)
                SELECT m.account_id, m.id, e.name, e.data::jsonb FROM moved m, unnest($5::text[], $6::text[]) AS e(name, data) ON CONFLICT DO NOTHING)
     SELECT count(*)::int AS moved FROM moved`,
    [t.id, status, settle.providerReference ?? null, settle.message ?? null, names, payloads],
  );
  return rows[0]!.moved > 0;
}
