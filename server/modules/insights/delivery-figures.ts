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
  /**
   * "day", "hour", "total" or one of the channel's dimensions (CHANNEL_DIMENSIONS); or several dimensions, whose
   * values make one key joined by KEY_SEPARATOR (staff's carriers by network).
   */
  groupBy: string | readonly string[];
  /** Only counters whose dimension equals the value (dimension names as in CHANNEL_DIMENSIONS). */
  filters?: Record<string, string>;
};

/** One counter, summed over everything but the group, the outcome and the bucket. */
export type FigureRow = { key: string; outcome: string; bucket: number; n: number };

/** Joins the values of a key grouped by several dimensions: a control character no name or slug holds. */
export const KEY_SEPARATOR = "\u001f";

const KEY_SQL: Record<string, string> = {
  total: "''",
  day: `to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD')`,
  hour: `to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:00:00"Z"')`,
};

/**
 * The delivery counters asked for: what the worker folded plus the deltas it has not folded yet, in one statement
 * (one snapshot), so the figures are exact whenever the folder last ran. Both reads start with the account, the
 * channel and the hours (their keys' order), so they cost the hours asked for, whatever the account's history; read
 * for every account, they start with the channel and the hours (their (channel, hour) index).
 */
export async function deliveryFigures(query: FiguresQuery): Promise<FigureRow[]> {
  const dimensions = CHANNEL_DIMENSIONS[query.channel];
  const groups = typeof query.groupBy === "string" ? [query.groupBy] : query.groupBy;
  const key = groups.length === 1 ? (KEY_SQL[groups[0]!] ?? dimensions[groups[0]!]) : joinedKey(query.channel, groups);
  if (!key) throw new Error(`${query.channel} has no dimension ${groups.join(", ")}`);
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
  if (groups.includes("reason")) where.push("reason <> ''");
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

/** The SQL of a key made of several dimensions' values, in the order given. */
function joinedKey(channel: AnalyticsChannel, groups: readonly string[]): string | undefined {
  const columns = groups.map((name) => CHANNEL_DIMENSIONS[channel][name]);
  if (!columns.length || columns.some((c) => !c)) return undefined;
  return `concat_ws(chr(31), ${columns.join(", ")})`;
}
