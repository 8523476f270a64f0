import { sql } from "../../db/client";
import { CHANNEL_DIMENSIONS, type AnalyticsChannel } from "./delivery-dimensions";

export type FiguresQuery = {
  /** One account's figures; null: every account's (staff's view of carriers as a whole). */
  accountId: string | null;
  mode: "live" | "test";
  channel: AnalyticsChannel;
  /** Whole hours, UTC: from inclusive, to exclusive. */
  from: Date;
  to: Date;
  /** "day", "hour", "total" or one of the channel's dimensions (CHANNEL_DIMENSIONS). */
  groupBy: string;
  /** Only counters whose dimension equals the value (dimension names as in CHANNEL_DIMENSIONS). */
  filters?: Record<string, string>;
};

/** One counter, summed over everything but the group, the outcome and the bucket. */
export type FigureRow = { key: string; outcome: string; bucket: number; n: number };

const KEY_SQL: Record<string, string> = {
  total: "''",
  day: `to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD')`,
  hour: `to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:00:00"Z"')`,
};

/**
 * The delivery counters asked for: what the worker folded plus the deltas it has not folded yet, in one statement
 * (one snapshot), so the figures are exact whenever the folder last ran. Both reads start with the account, the
 * channel and the hours (their keys' order), so they cost the hours asked for, whatever the account's history.
 */
export async function deliveryFigures(query: FiguresQuery): Promise<FigureRow[]> {
  const dimensions = CHANNEL_DIMENSIONS[query.channel];
  const key = KEY_SQL[query.groupBy] ?? dimensions[query.groupBy];
  if (!key) throw new Error(`${query.channel} has no dimension ${query.groupBy}`);
  const params: unknown[] = [query.channel, query.mode, query.from, query.to];
  const where = ["channel = $1", "mode = $2::key_mode", "hour >= $3", "hour < $4"];
  if (query.accountId !== null) {
    params.push(query.accountId);
    where.push(`account_id = $${params.length}`);
  }
  for (const [name, value] of Object.entries(query.filters ?? {})) {
    const column = dimensions[name];
    if (!column) throw new Error(`${query.channel} has no dimension ${name}`);
    params.push(value);
    where.push(`${column} = $${params.length}`);
  }
  // Grouped by reason: only what has one (failures).
  if (query.groupBy === "reason") where.push("reason <> ''");
  const filter = where.join(" AND ");
  const { rows } = await sql().query<{ key: string; outcome: string; bucket: number; n: string }>(
    `SELECT ${key} AS key, outcome, bucket, sum(value)::text AS n FROM (
       SELECT * FROM (SELECT hour, country, network, route, carrier, sender, broadcast_id, outcome, reason, bucket, value
                      FROM delivery_counts WHERE ${filter}) folded
       UNION ALL
       SELECT * FROM (SELECT hour, country, network, route, carrier, sender, broadcast_id, outcome, reason, bucket, delta
                      FROM delivery_count_deltas WHERE ${filter}) appended
     ) c GROUP BY 1, 2, 3 HAVING sum(value) <> 0 ORDER BY 1, 2, 3`,
    params,
  );
  return rows.map((r) => ({ key: r.key, outcome: r.outcome, bucket: r.bucket, n: Number(r.n) }));
}
