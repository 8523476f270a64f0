// The SQL of the delivery queue: claim due deliveries for this worker, record
// an attempt's outcome, and keep the endpoint's failure streak (which
// disables it after WEBHOOK_DISABLE_AFTER_S of nothing but failures).
import { sql } from "../../db/client";
import { namedSql } from "../../db/named-sql";
import type { AttemptResult } from "./post-webhook";

export type ClaimedDelivery = {
  id: string;
  endpoint_id: string;
  payload: string;
  attempts: number;
  url: string;
  secret: string;
  previous_secret: string | null;
  failing_since: Date | null;
  /** No delivery to this endpoint has succeeded yet. */
  first_delivery: boolean;
};

/**
 * Leases up to `limit` due deliveries. FOR UPDATE SKIP LOCKED lets any number
 * of workers share the queue without two taking one row; the lease makes a
 * dead worker's rows due again once it runs out.
 */
/** `at`: the time to claim at (a driven clock in tests); the database's own `now()` when absent. */
export async function claimDueDeliveries({
  limit,
  leaseS,
  perEndpoint = limit,
  at = null,
}: {
  limit: number;
  leaseS: number;
  perEndpoint?: number;
  at?: Date | null;
}): Promise<ClaimedDelivery[]> {
  // Fair shares: an endpoint gets at most `perEndpoint` attempts in flight (those already leased count), so one
  // slow receiver cannot hold every slot. The locking SELECT re-checks the row, so a delivery another worker claimed
  // meanwhile is never claimed twice.
  const statement = namedSql(
    { limit, leaseS, perEndpoint, scan: limit * 20, at },
    (p) => `
    WITH clock AS (SELECT COALESCE(${p("at")}::timestamptz, now()) AS now),
    due AS (
      SELECT id, endpoint_id, next_attempt_at FROM webhook_deliveries
       WHERE status = 'pending' AND next_attempt_at <= (SELECT now FROM clock) AND (locked_until IS NULL OR locked_until < (SELECT now FROM clock))
       ORDER BY next_attempt_at LIMIT ${p("scan")}
    ), busy AS (
      SELECT endpoint_id, count(*) AS n FROM webhook_deliveries
       WHERE status = 'pending' AND locked_until > (SELECT now FROM clock) AND endpoint_id IN (SELECT endpoint_id FROM due)
       GROUP BY endpoint_id
    ), ranked AS (
      SELECT due.id, due.next_attempt_at,
             row_number() OVER (PARTITION BY due.endpoint_id ORDER BY due.next_attempt_at) + COALESCE(busy.n, 0) AS slot
        FROM due LEFT JOIN busy USING (endpoint_id)
    ), picked AS (
      SELECT w.id FROM webhook_deliveries w JOIN ranked r ON r.id = w.id
       WHERE r.slot <= ${p("perEndpoint")} AND w.status = 'pending' AND (w.locked_until IS NULL OR w.locked_until < (SELECT now FROM clock))
       ORDER BY r.next_attempt_at LIMIT ${p("limit")} FOR UPDATE OF w SKIP LOCKED
    )
    UPDATE webhook_deliveries d SET locked_until = (SELECT now FROM clock) + make_interval(secs => ${p("leaseS")})
    FROM webhook_endpoints e
    WHERE d.id IN (SELECT id FROM picked) AND e.id = d.endpoint_id AND e.active
    RETURNING d.id, d.endpoint_id, d.payload, d.attempts, e.url, e.secret, e.failing_since,
              e.first_delivered_at IS NULL AS first_delivery,
              CASE WHEN e.previous_secret_expires_at > (SELECT now FROM clock) THEN e.previous_secret END AS previous_secret`,
  );
  return (await sql().query<ClaimedDelivery>(statement)).rows;
}

/**
 * Writes one attempt's outcome (and logs the attempt itself). A failure goes back to pending for
 * `retryAt`, unless there is no retry left or the endpoint has been disabled
 * meanwhile: then the delivery is failed (and can be replayed later).
 */
export async function recordAttempt({
  delivery,
  result,
  ok,
  retryAt,
}: {
  delivery: ClaimedDelivery;
  result: AttemptResult;
  ok: boolean;
  retryAt: Date | null;
}): Promise<void> {
  const values = {
    id: delivery.id,
    attempts: delivery.attempts + 1,
    ok,
    retryAt,
    code: result.statusCode,
    error: result.error,
    latency: result.latencyMs,
    excerpt: result.excerpt,
  };
  await sql().query(
    namedSql(
      values,
      (p) => `
    WITH logged AS (INSERT INTO webhook_attempts (delivery_id, attempt, status_code, error, latency_ms)
                    VALUES (${p("id")}::uuid, ${p("attempts")}::int, ${p("code")}::int, ${p("error")}::text, ${p("latency")}::int))
    UPDATE webhook_deliveries d SET
      status = CASE WHEN ${p("ok")}::boolean THEN 'succeeded' WHEN ${p("retryAt")}::timestamptz IS NOT NULL AND e.active THEN 'pending' ELSE 'failed' END,
      next_attempt_at = CASE WHEN NOT ${p("ok")}::boolean AND e.active THEN ${p("retryAt")}::timestamptz END,
      attempts = ${p("attempts")}, locked_until = NULL, last_status_code = ${p("code")}::int, last_error = ${p("error")}::text,
      last_latency_ms = ${p("latency")}::int, response_excerpt = ${p("excerpt")}::text,
      delivered_at = CASE WHEN ${p("ok")}::boolean THEN now() END
    FROM webhook_endpoints e WHERE d.id = ${p("id")}::uuid AND e.id = d.endpoint_id`,
    ),
  );
}

/** A success ends the endpoint's failure streak. */
export async function endFailureStreak(endpointId: string): Promise<void> {
  await sql().query(`UPDATE webhook_endpoints SET failing_since = NULL WHERE id = $1 AND failing_since IS NOT NULL`, [
    endpointId,
  ]);
}

/** A failure starts the streak, or disables the endpoint when the streak is older than `disableAfterS`. */
export async function extendFailureStreak(endpointId: string, disableAfterS: number): Promise<void> {
  await sql().query(`UPDATE webhook_endpoints SET failing_since = now() WHERE id = $1 AND failing_since IS NULL`, [
    endpointId,
  ]);
  const { rows } = await sql().query<{ failing_since: Date }>(
    `SELECT failing_since FROM webhook_endpoints WHERE id = $1 AND active AND failing_since <= now() - make_interval(secs => $2)`,
    [endpointId, disableAfterS],
  );
  if (rows[0])
    await disableEndpoint(endpointId, `Every delivery attempt failed since ${rows[0].failing_since.toISOString()}`);
}

/**
 * Turns the endpoint off and fails its queued deliveries (they stay in the
 * log, replayable once the endpoint is saved again). The owner sees the
 * reason on the dashboard.
 */
export async function disableEndpoint(endpointId: string, reason: string): Promise<void> {
  // One statement: the queue is failed only if this call is the one that turned the endpoint off.
  await sql().query(
    `WITH disabled AS (UPDATE webhook_endpoints SET active = false, disabled_reason = $2, disabled_at = now(), updated_at = now()
                       WHERE id = $1 AND active RETURNING id)
     UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, last_error = COALESCE(last_error || '; ', '') || 'endpoint disabled'
     WHERE endpoint_id IN (SELECT id FROM disabled) AND status = 'pending' AND (locked_until IS NULL OR locked_until < now())`,
    [endpointId, reason],
  );
}

/** The endpoint's first successful delivery (once: afterwards the update matches nothing). */
export async function markFirstDelivery(endpointId: string): Promise<void> {
  await sql().query(
    `UPDATE webhook_endpoints SET first_delivered_at = now() WHERE id = $1 AND first_delivered_at IS NULL`,
    [endpointId],
  );
}
