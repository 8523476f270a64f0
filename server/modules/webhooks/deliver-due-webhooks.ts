// The delivery loop's work: claim due deliveries (FOR UPDATE SKIP LOCKED, so
// any number of workers share the queue without sending one twice), attempt
// each, and record the outcome. Only 2xx is success; a 410 Gone disables the
// endpoint at once; otherwise retry on DESIGN.md's schedule with jitter,
// and after the last attempt the delivery is failed.
import { db, sql } from "../../db/client";
import { unseal } from "../../lib/seal";
import { postWebhook, type AttemptResult } from "./post-webhook";
import { signatureHeaders } from "./sign-webhook";

// Seconds to wait after attempt n (the first attempt is immediate).
export const RETRY_SCHEDULE_S = [5, 300, 1_800, 7_200, 18_000, 36_000, 36_000];
const LOCK_S = 60;

type Claimed = { id: string; endpoint_id: string; payload: string; attempts: number; url: string; secret: string };

export async function deliverDueWebhooks(options: { limit?: number; ca?: string | Buffer } = {}): Promise<number> {
  const { rows } = await sql().query<Claimed>(
    `UPDATE webhook_deliveries d SET locked_until = now() + make_interval(secs => ${LOCK_S})
     FROM webhook_endpoints e
     WHERE d.id IN (SELECT id FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= now()
                    AND (locked_until IS NULL OR locked_until < now()) ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
       AND e.id = d.endpoint_id
     RETURNING d.id, d.endpoint_id, d.payload, d.attempts, e.url, e.secret`,
    [options.limit ?? 50],
  );
  await Promise.all(rows.map((d) => attempt(d, options.ca)));
  return rows.length;
}

async function attempt(delivery: Claimed, ca?: string | Buffer) {
  const headers = signatureHeaders({ id: delivery.id, body: delivery.payload, secret: unseal(delivery.secret), timestamp: Math.floor(Date.now() / 1000) });
  const result = await postWebhook(delivery.url, delivery.payload, headers, { ca });
  await record(delivery, result);
}

async function record(delivery: Claimed, result: AttemptResult) {
  const attempts = delivery.attempts + 1;
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const wait = RETRY_SCHEDULE_S[attempts - 1];
  const status = ok ? "succeeded" : wait === undefined ? "failed" : "pending";
  // ±10% jitter so endpoints that failed together are not retried in lockstep.
  const next = status === "pending" ? new Date(Date.now() + wait! * 1000 * (0.9 + Math.random() * 0.2)) : null;
  await db().webhookDelivery.update({
    where: { id: delivery.id },
    data: {
      status, attempts, nextAttemptAt: next, lockedUntil: null, lastStatusCode: result.statusCode, lastError: result.error,
      lastLatencyMs: result.latencyMs, responseExcerpt: result.excerpt, deliveredAt: ok ? new Date() : null,
    },
  });
  if (result.statusCode === 410) {
    await db().webhookEndpoint.update({ where: { id: delivery.endpoint_id }, data: { active: false, disabledReason: "The endpoint answered 410 Gone", updatedAt: new Date() } });
  }
}
