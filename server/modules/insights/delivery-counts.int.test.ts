// The delivery counters (issue #43, point 1): kept by triggers in the statements that change a message, folded by
// the worker. Whatever order concurrent writers, replays and folds come in, the counters must equal a GROUP BY over
// the rows as they are; written independently here, so a trigger that forgets a column or a transition fails it.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Pool } from "pg";
import { apiCustomer } from "../../../test/api";
import { sql } from "../../db/client";
import { config } from "../../config/config";
import { newTransactionId } from "../../lib/transaction-ids";
import { foldDeliveryCounts } from "./fold-delivery-counts";
import { enableDeliveryViews } from "./enable-delivery-views";
import { BREAKDOWNS, CHANNEL_DIMENSIONS, PAGE_FILTERS, type AnalyticsChannel } from "./delivery-dimensions";

/** The counters of one account, folded and not, as (key columns..., value) rows with value <> 0. */
async function counters(accountId: string) {
  const { rows } = await sql().query(
    `SELECT channel, mode::text, to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24') AS hour, country, network, route,
            carrier, sender, broadcast_id, outcome, reason, bucket, sum(value)::int AS n
     FROM (SELECT * FROM delivery_counts WHERE account_id = $1
           UNION ALL SELECT account_id, channel, mode, hour, country, network, route, carrier, sender, broadcast_id,
                            outcome, reason, bucket, delta FROM delivery_count_deltas WHERE account_id = $1) c
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 HAVING sum(value) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12`,
    [accountId],
  );
  return rows;
}

/** The daily counters of one account with the deltas not folded yet, by day: (key columns..., n) strings. */
async function dailyCounters(accountId: string) {
  const { rows } = await sql().query(
    `SELECT channel || ' ' || mode || ' ' || day || ' ' || country || ' ' || network || ' ' || route || ' ' || carrier
              || ' ' || sender || ' ' || broadcast_id || ' ' || outcome || ' ' || reason || ' ' || bucket AS k,
            sum(value)::int AS n
     FROM (SELECT channel, mode::text, to_char(day, 'YYYY-MM-DD') AS day, country, network, route, carrier, sender,
                  broadcast_id, outcome, reason, bucket, value FROM delivery_counts_daily WHERE account_id = $1
           UNION ALL
           SELECT channel, mode::text, to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD'), country, network, route, carrier,
                  sender, broadcast_id, outcome, reason, bucket, delta FROM delivery_count_deltas WHERE account_id = $1) c
     GROUP BY 1 HAVING sum(value) <> 0 ORDER BY 1`,
    [accountId],
  );
  return rows as { k: string; n: number }[];
}

/** Hourly rows (counters() or recount()) summed by day, keyed as dailyCounters() keys them. */
function byDay(rows: Record<string, unknown>[]) {
  const sums = new Map<string, number>();
  for (const r of rows) {
    const k = [
      r.channel,
      r.mode,
      String(r.hour).slice(0, 10),
      r.country,
      r.network,
      r.route,
      r.carrier,
      r.sender,
      r.broadcast_id,
      r.outcome,
      r.reason,
      r.bucket,
    ].join(" ");
    sums.set(k, (sums.get(k) ?? 0) + Number(r.n));
  }
  return [...sums.entries()]
    .filter(([, n]) => n !== 0)
    .map(([k, n]) => ({ k, n }))
    .sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
}

/** The delivery views of one account (all folded), as "key columns... n" strings. */
async function views(accountId: string) {
  const { rows } = await sql().query<{ k: string }>(
    `SELECT concat_ws(' ', channel, mode, slice, slice_value, span, to_char(start AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24'),
              dimension, key, outcome, reason, bucket, value) AS k
     FROM delivery_views WHERE account_id = $1 AND value <> 0`,
    [accountId],
  );
  return rows.map((r) => r.k).sort();
}

/**
 * The views hourly rows make, unpivoted here from CHANNEL_DIMENSIONS, PAGE_FILTERS and BREAKDOWNS (what the readers
 * believe): every slice (the account, each page filter's value) keeps its total with the reason, and without it each
 * other dimension (a filter's slice: the page's tables), for the hour, the UTC day and the ISO week.
 */
function viewsOf(rows: Record<string, unknown>[], hoursFrom: Date) {
  // Hours before the views' hours_from are not kept as hour views (the counters answer for them).
  const firstHour = `${hoursFrom.toISOString().slice(0, 10)} ${hoursFrom.toISOString().slice(11, 13)}`;
  const sums = new Map<string, number>();
  for (const r of rows) {
    const channel = r.channel as AnalyticsChannel;
    const columns = CHANNEL_DIMENSIONS[channel];
    const dims = Object.entries(columns)
      .filter(([name]) => name !== "reason")
      .map(([name, column]) => [name, String(r[column!])] as const);
    const slices = [["", ""] as const, ...dims.filter(([name]) => PAGE_FILTERS[channel].includes(name))];
    const hour = String(r.hour);
    const day = new Date(`${hour.slice(0, 10)}T00:00:00Z`);
    const monday = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
    const starts = { hour, day: `${hour.slice(0, 10)} 00`, week: `${monday} 00` };
    for (const [slice, sliceValue] of slices)
      for (const [span, start] of Object.entries(starts).filter(([span]) => span !== "hour" || hour >= firstHour))
        for (const [dimension, key, reason] of [
          ["", "", String(r.reason)],
          ...dims
            .filter(([name]) => name !== slice && (slice === "" || BREAKDOWNS[channel].includes(name)))
            .map(([name, value]) => [name, value, ""]),
        ]) {
          const k = [channel, r.mode, slice, sliceValue, span, start, dimension, key, r.outcome, reason, r.bucket];
          const id = k.join(" ");
          sums.set(id, (sums.get(id) ?? 0) + Number(r.n));
        }
  }
  return [...sums.entries()]
    .filter(([, n]) => n !== 0)
    .map(([k, n]) => `${k} ${n}`)
    .sort();
}

/** The same, counted from the rows themselves. */
async function recount(accountId: string) {
  const { rows } = await sql().query(
    `WITH sms AS (SELECT * FROM sms_messages WHERE account_id = $1),
          email AS (SELECT * FROM email_messages WHERE account_id = $1),
     facts AS (
       SELECT 'sms' AS channel, mode, created_at, country_iso::text AS country, coalesce(network, '') AS network,
              route::text AS route, coalesce(provider, '') AS carrier, sender, coalesce(broadcast_id, '') AS broadcast_id,
              status::text AS outcome,
              CASE WHEN status IN ('failed', 'unknown') THEN coalesce(failure_reason, error_code, '') ELSE '' END AS reason,
              CASE WHEN status = 'delivered' AND delivered_at IS NOT NULL
                   THEN width_bucket(extract(epoch FROM delivered_at - coalesce(scheduled_at, created_at))::float8,
                        ARRAY[1,2,3,5,10,20,30,60,120,300,600,1800,3600,21600,86400]::float8[]) ELSE -1 END AS bucket
       FROM sms
       UNION ALL
       SELECT 'sms', mode, created_at, country_iso, coalesce(network, ''), route::text, coalesce(provider, ''), sender,
              coalesce(broadcast_id, ''), 'clicked', '', -1 FROM sms WHERE clicked_at IS NOT NULL
       UNION ALL
       SELECT 'email', mode, created_at, '', lower(split_part(to_addresses[1], '@', 2)), '', '', sender, coalesce(broadcast_id, ''),
              CASE WHEN status = 'failed' AND error_code = 'bounced' THEN 'bounced' ELSE status::text END,
              CASE WHEN status IN ('failed', 'unknown') THEN coalesce(error_code, '') ELSE '' END,
              CASE WHEN status = 'delivered' AND delivered_at IS NOT NULL
                   THEN width_bucket(extract(epoch FROM delivered_at - created_at)::float8,
                        ARRAY[1,2,3,5,10,20,30,60,120,300,600,1800,3600,21600,86400]::float8[]) ELSE -1 END
       FROM email
       UNION ALL
       SELECT 'email', mode, created_at, '', lower(split_part(to_addresses[1], '@', 2)), '', '', sender, coalesce(broadcast_id, ''),
              kind, '', -1
       FROM email, LATERAL (VALUES ('opened', opened_at), ('clicked', clicked_at), ('complained', complained_at)) e(kind, at)
       WHERE at IS NOT NULL
     )
     SELECT channel, mode::text, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24') AS hour, country, network, route,
            carrier, sender, broadcast_id, outcome, reason, bucket, count(*)::int AS n
     FROM facts GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12`,
    [accountId],
  );
  return rows;
}

const T0 = Date.parse("2026-11-20T09:00:00Z");

/** One write a worker, a receipt or a replay could make to one of the messages. */
const smsWrite = fc.oneof(
  fc.record({ kind: fc.constant("sent" as const), carrier: fc.constantFrom("a", "b") }),
  fc.record({ kind: fc.constant("delivered" as const), afterS: fc.integer({ min: 0, max: 100_000 }) }),
  fc.record({
    kind: fc.constant("failed" as const),
    reason: fc.constantFrom("absent_subscriber", "invalid_sender_id"),
  }),
  fc.record({ kind: fc.constant("clicked" as const) }),
  fc.record({ kind: fc.constant("network" as const), network: fc.constantFrom("mtn", "telecel", null) }),
);
const emailWrite = fc.oneof(
  fc.record({ kind: fc.constant("delivered" as const), afterS: fc.integer({ min: 0, max: 5_000 }) }),
  fc.record({ kind: fc.constant("bounced" as const) }),
  fc.record({ kind: fc.constantFrom("opened" as const, "clicked" as const, "complained" as const) }),
);

type Written<A> = A extends fc.Arbitrary<infer T> ? T : never;

function smsStatement(id: string, write: Written<typeof smsWrite>): [string, unknown[]] {
  switch (write.kind) {
    case "sent":
      return [
        `UPDATE sms_messages SET status = 'sent', provider = $2 WHERE id = $1 AND status = 'pending'`,
        [id, write.carrier],
      ];
    case "delivered":
      return [
        `UPDATE sms_messages SET status = 'delivered', delivered_at = created_at + make_interval(secs => $2)
         WHERE id = $1 AND status IN ('pending', 'sent')`,
        [id, write.afterS],
      ];
    case "failed":
      return [
        `UPDATE sms_messages SET status = 'failed', failure_reason = $2 WHERE id = $1 AND status IN ('pending', 'sent')`,
        [id, write.reason],
      ];
    case "clicked":
      return [`UPDATE sms_messages SET clicked_at = now() WHERE id = $1 AND clicked_at IS NULL`, [id]];
    default:
      return [`UPDATE sms_messages SET network = $2 WHERE id = $1`, [id, write.network]];
  }
}

function emailStatement(id: string, write: Written<typeof emailWrite>): [string, unknown[]] {
  switch (write.kind) {
    case "delivered":
      return [
        `UPDATE email_messages SET status = 'delivered', delivered_at = created_at + make_interval(secs => $2)
         WHERE id = $1 AND status = 'sent'`,
        [id, write.afterS],
      ];
    case "bounced":
      return [
        `UPDATE email_messages SET status = 'failed', error_code = 'bounced' WHERE id = $1 AND status = 'sent'`,
        [id],
      ];
    default:
      return [`UPDATE email_messages SET ${write.kind}_at = now() WHERE id = $1 AND ${write.kind}_at IS NULL`, [id]];
  }
}

describe("the delivery counters", () => {
  it("equal a GROUP BY over the rows after any interleaving of concurrent writes, replays and folds", async () => {
    // Writers on connections of their own, so their statements really interleave inside PostgreSQL.
    const writers = new Pool({ connectionString: config().DATABASE_URL, max: 4 });
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.record({ hour: fc.integer({ min: 0, max: 3 }), network: fc.constantFrom("mtn", "at", null) }), {
            minLength: 1,
            maxLength: 6,
          }),
          fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 4 }),
          fc.array(fc.tuple(fc.nat(), smsWrite, fc.boolean()), { maxLength: 30 }),
          fc.array(fc.tuple(fc.nat(), emailWrite, fc.boolean()), { maxLength: 20 }),
          // Where the views' hours start: before, inside or after the hours written (0 to 3).
          fc.integer({ min: 0, max: 4 }),
          fc.scheduler(),
          async (smsRows, emailHours, smsWrites, emailWrites, hoursFromHour, s) => {
            const hoursFrom = new Date(T0 + hoursFromHour * 3_600_000);
            // An account of its own each run: a failing run's rows never blame a shrunk one.
            const c = await apiCustomer();
            const { rows: keys } = await sql().query<{ id: string }>(
              `SELECT id FROM api_keys WHERE account_id = $1 LIMIT 1`,
              [c.accountId],
            );
            const keyId = keys[0]!.id;
            const smsIds: string[] = [];
            for (const row of smsRows) {
              const id = newTransactionId("sms");
              smsIds.push(id);
              await sql().query(
                `INSERT INTO sms_messages (id, account_id, api_key_id, mode, to_number, sender, body, encoding, characters,
                   segments, country_iso, route, region, status, price_micros, currency, network, created_at, updated_at)
                 VALUES ($1, $2, $3, 'live', '+233241234567', 'Kasa', 'x', 'gsm7', 1, 1, 'GH', 'africa_local', 'africa',
                   'pending', 1, 'USD', $4, $5, $5)`,
                [id, c.accountId, keyId, row.network, new Date(T0 + row.hour * 3_600_000)],
              );
            }
            const emailIds: string[] = [];
            for (const hour of emailHours) {
              const id = newTransactionId("email");
              emailIds.push(id);
              await sql().query(
                `INSERT INTO email_messages (id, transaction_id, account_id, api_key_id, mode, sender, to_addresses,
                   cc_addresses, bcc_addresses, subject, recipients, status, price_micros, currency, created_at, updated_at)
                 VALUES ($1, $1, $2, $3, 'test', 'a@kasa.test', ARRAY['Someone@Example.COM'], '{}', '{}', 's', 1, 'sent', 0,
                   'USD', $4, $4)`,
                [id, c.accountId, keyId, new Date(T0 + hour * 3_600_000)],
              );
            }
            // Every write may be replayed (a receipt delivered twice); each runs when the scheduler says, alongside
            // the others and a fold or two.
            const statements = [
              ...smsWrites.flatMap(([i, w, replay]) => {
                const st = smsStatement(smsIds[i % smsIds.length]!, w);
                return replay ? [st, st] : [st];
              }),
              ...emailWrites.flatMap(([i, w, replay]) => {
                const st = emailStatement(emailIds[i % emailIds.length]!, w);
                return replay ? [st, st] : [st];
              }),
            ];
            await Promise.all([
              ...statements.map(([text, values]) =>
                s.schedule(Promise.resolve()).then(() => writers.query(text, values)),
              ),
              s.schedule(Promise.resolve()).then(() => foldDeliveryCounts()),
              s.schedule(Promise.resolve()).then(() => foldDeliveryCounts()),
              // The account's views turned on somewhere among them: what was folded before is backfilled, what is
              // folded after is added, never both.
              s.schedule(Promise.resolve()).then(() => enableDeliveryViews(c.accountId, { hoursFrom })),
              s.waitAll(),
            ]);
            const expected = await recount(c.accountId);
            expect(await counters(c.accountId)).toEqual(expected);
            // The daily counters, folded in the same statements, say the same by day.
            expect(await dailyCounters(c.accountId)).toEqual(byDay(expected));
            // And the views, once every delta is folded, say the same per slice, dimension and span.
            await foldDeliveryCounts();
            expect(await views(c.accountId)).toEqual(viewsOf(expected, hoursFrom));
          },
        ),
        { numRuns: 25, seed: 43 },
      );
    } finally {
      await writers.end();
    }
  });
});
