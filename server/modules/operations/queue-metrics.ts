// What a worker reports about the queues it drains: webhook attempts by
// outcome as they happen, and, read from the database when Prometheus
// scrapes, the webhook queue's depth and the age of its oldest due delivery
// and the top-ups still pending with their provider.
import { sql } from "../../db/client";
import { counter, gauge } from "../../lib/metrics";

const attempts = () => counter("kasa_webhook_attempts_total", "Webhook delivery attempts, by outcome", ["outcome"]);

export function countDeliveryAttempt(outcome: "delivered" | "will_retry" | "failed" | "gone"): void {
  attempts().inc({ outcome });
}

/** Registers the database-backed gauges (a worker does; web processes leave the queues to it). */
export function watchQueues(): void {
  gauge(
    "kasa_webhook_queue_depth",
    "Webhook deliveries waiting, by whether they are due now",
    ["due"],
    async function () {
      const { rows } = await sql().query<{ due: number; later: number }>(
        `SELECT count(*) FILTER (WHERE next_attempt_at <= now())::int AS due,
              count(*) FILTER (WHERE next_attempt_at > now())::int AS later
       FROM webhook_deliveries WHERE status = 'pending'`,
      );
      this.set({ due: "yes" }, rows[0]!.due);
      this.set({ due: "no" }, rows[0]!.later);
    },
  );
  gauge(
    "kasa_webhook_oldest_due_seconds",
    "How long the oldest due webhook delivery has been waiting",
    [],
    async function () {
      const { rows } = await sql().query<{ age: number | null }>(
        `SELECT extract(epoch FROM now() - min(next_attempt_at))::float AS age
         FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= now()`,
      );
      this.set(rows[0]!.age ?? 0);
    },
  );
  gauge("kasa_topups_pending", "Top-up purchases still pending with their provider", [], async function () {
    const { rows } = await sql().query<{ n: number }>(`SELECT count(*)::int AS n FROM topups WHERE status = 'pending'`);
    this.set(rows[0]!.n);
  });
}
