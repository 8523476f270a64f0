import { sql } from "../../db/client";
import { toAmountNumber } from "../../lib/money";
import { liveSmsCarriers, smsCarrierHealth } from "../sms/live-carriers";
import { coverage, forgetCoverage, type Route } from "../coverage/coverage-cache";

const ROUTES: Route[] = ["africa_local", "africa_regional", "global"];

/** The operations page: routes and carriers, prices, coverage, content rules, carrier health, the webhook queue and what the recovery job settled. */
export async function operationsOverview() {
  forgetCoverage(); // staff see the table as it is now, not as cached
  const { countries, prices, routeCarriers, countryRules } = await coverage();
  const configured = [...liveSmsCarriers().keys()];
  const [carrierStats, webhookQueue, webhookSeries, recovered] = await Promise.all([
    sql().query<{ provider: string; sent: number; failed: number; delivered: number; receipt_s: number | null }>(
      `SELECT provider, count(*)::int AS sent, count(*) FILTER (WHERE status = 'failed')::int AS failed,
              count(*) FILTER (WHERE status = 'delivered')::int AS delivered,
              round(avg(extract(epoch FROM delivered_at - created_at)) FILTER (WHERE delivered_at IS NOT NULL)::numeric, 1)::float AS receipt_s
       FROM sms_messages WHERE mode = 'live' AND created_at > now() - interval '1 hour' AND provider IS NOT NULL GROUP BY provider ORDER BY provider`,
    ),
    sql().query<{ pending: number; due: number; failed_hour: number; succeeded_hour: number }>(
      // Each count from an index, never the whole log: the backlog from (status, next_attempt_at), the last hour's
      // outcomes from created_at (deliveries made in the last hour, as the series below counts them).
      `SELECT (SELECT count(*) FROM webhook_deliveries WHERE status = 'pending')::int AS pending,
              (SELECT count(*) FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= now())::int AS due,
              (SELECT count(*) FROM webhook_deliveries
                WHERE created_at > now() - interval '1 hour' AND status = 'failed')::int AS failed_hour,
              (SELECT count(*) FROM webhook_deliveries
                WHERE created_at > now() - interval '1 hour' AND status = 'succeeded')::int AS succeeded_hour`,
    ),
    sql().query<{ bucket: Date; succeeded: number; failed: number; pending: number }>(
      `SELECT date_bin('5 minutes', created_at, now() - interval '1 hour') AS bucket,
              count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded, count(*) FILTER (WHERE status = 'failed')::int AS failed,
              count(*) FILTER (WHERE status = 'pending')::int AS pending
       FROM webhook_deliveries WHERE created_at > now() - interval '1 hour' GROUP BY 1 ORDER BY 1`,
    ),
    // What the recovery job settled (sends a dead request left): the newest 20.
    sql().query<{ target: string; account_id: string | null; data: Record<string, unknown>; created_at: Date }>(
      `SELECT target, account_id, data, created_at FROM audit_events WHERE action = 'send.recovered' ORDER BY id DESC LIMIT 20`,
    ),
  ]);
  const health = smsCarrierHealth();
  const queue = webhookQueue.rows[0]!;
  return {
    routes: ROUTES.map((route) => ({
      route,
      carriers: routeCarriers.get(route) ?? configured,
      explicit: routeCarriers.has(route),
      countries: countries.filter((c) => c.route === route && c.supported).length,
    })),
    configured,
    prices: [...prices.values()].map((p) => ({
      route: p.route,
      price: toAmountNumber(p.pricePerSegmentMicros),
      currency: p.currency,
      description: p.description,
    })),
    countries: countries.map((c) => ({
      iso: c.iso2,
      name: c.name,
      route: c.route,
      supported: c.supported,
      senderIdSupported: c.senderIdSupported,
    })),
    countryRules,
    carriers: health.map((h) => {
      const s = carrierStats.rows.find((r) => r.provider === h.name);
      return {
        ...h,
        sentHour: s?.sent ?? 0,
        failedHour: s?.failed ?? 0,
        errorRate: s && s.sent ? Math.round((s.failed / s.sent) * 1000) / 10 : 0,
        receiptLatencyS: s?.receipt_s ?? null,
      };
    }),
    webhooks: {
      ...queue,
      failureRate:
        queue.failed_hour + queue.succeeded_hour
          ? Math.round((queue.failed_hour / (queue.failed_hour + queue.succeeded_hour)) * 1000) / 10
          : 0,
    },
    recovered: recovered.rows.map((r) => ({
      transactionId: r.target,
      accountId: r.account_id,
      channel: String(r.data.channel ?? ""),
      charged: r.data.charged === true,
      at: r.created_at,
    })),
    webhookSeries: webhookSeries.rows.map((r) => ({
      at: r.bucket.toISOString().slice(11, 16),
      succeeded: r.succeeded,
      failed: r.failed,
      pending: r.pending,
    })),
  };
}
