import { sql } from "../../db/client";
import { CHANNEL_DIMENSIONS, type AnalyticsChannel } from "./delivery-dimensions";
import { deliveryViewSets, viewsAnswer } from "./delivery-views";
import { viewsHoursFrom } from "./enable-delivery-views";

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
  const { params, filter } = counterFilter(query, groups.includes("reason"), !groups.includes("hour"));
  const { rows } = await sql().query<{ key: string; outcome: string; bucket: number; n: string }>(
    `SELECT ${key} AS key, outcome, bucket, sum(value)::text AS n FROM ${filter}
     GROUP BY 1, 2, 3 HAVING sum(value) <> 0 ORDER BY 1, 2, 3`,
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

/**
 * Several groupings of the same counters in one pass. The delivery views answer what they keep (a busy account, at
 * most one of the page's filters: delivery-views.ts), reading the groups asked for; anything else reads the
 * counters' rows once for every grouping (GROUPING SETS). Grouped by reason, only the failures (a reason).
 */
export async function deliveryFigureSets(
  query: Omit<FiguresQuery, "groupBy">,
  groupings: readonly string[],
): Promise<Map<string, FigureRow[]>> {
  const hoursFrom = query.accountId === null ? null : await viewsHoursFrom(query.accountId);
  if (viewsAnswer(query, groupings, hoursFrom)) return deliveryViewSets(query, groupings);
  const dimensions = CHANNEL_DIMENSIONS[query.channel];
  const keys = groupings.map((g) => KEY_SQL[g] ?? dimensions[g]);
  if (keys.some((k) => !k)) throw new Error(`${query.channel} cannot be grouped by ${groupings.join(", ")}`);
  const { params, filter } = counterFilter(query, false, !groupings.includes("hour"));
  const columns = keys.map((k, i) => `${k} AS k${i}`).join(", ");
  const ks = keys.map((_, i) => `k${i}`);
  const { rows } = await sql().query<Record<string, string> & { mask: number; outcome: string; bucket: number }>(
    `SELECT GROUPING(${ks.join(", ")}) AS mask, ${ks.join(", ")}, outcome, bucket, sum(value)::text AS n
     FROM (SELECT ${columns}, outcome, bucket, value FROM ${filter}) c
     GROUP BY GROUPING SETS (${ks.map((k) => `(${k}, outcome, bucket)`).join(", ")})
     HAVING sum(value) <> 0`,
    params,
  );
  const sets = new Map<string, FigureRow[]>(groupings.map((g) => [g, []]));
  for (const row of rows) {
    // GROUPING() has a 1 for each key not grouped on: the set's own key is the one 0 bit, first key highest.
    const i = ks.findIndex((_, j) => (row.mask & (1 << (ks.length - 1 - j))) === 0);
    const key = row[ks[i]!] ?? "";
    if (groupings[i] === "reason" && key === "") continue;
    sets.get(groupings[i]!)!.push({ key, outcome: row.outcome, bucket: row.bucket, n: Number(row.n) });
  }
  return sets;
}

/**
 * The counters of a reading, as a FROM item: its channel, mode, hours, account (or every account) and filters, with
 * their parameters. A period of whole UTC days not read by the hour reads the daily counters (24 times fewer rows);
 * the deltas not folded yet are read by the hour either way.
 */
function counterFilter(query: Omit<FiguresQuery, "groupBy">, failuresOnly: boolean, daysWillDo: boolean) {
  const dimensions = CHANNEL_DIMENSIONS[query.channel];
  const params: unknown[] = [query.channel, query.mode, query.from, query.to];
  const where = ["channel = $1", "mode = $2::key_mode"];
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
  if (failuresOnly) where.push("reason <> ''");
  const rest = where.join(" AND ");
  const byHour = `${rest} AND hour >= $3 AND hour < $4`;
  const daily = daysWillDo && wholeDay(query.from) && wholeDay(query.to);
  const counters = daily
    ? `SELECT (day::timestamp AT TIME ZONE 'UTC') AS hour, country, network, route, carrier, sender, broadcast_id,
              outcome, reason, bucket, value
       FROM delivery_counts_daily
       WHERE ${rest} AND day >= ($3::timestamptz AT TIME ZONE 'UTC')::date AND day < ($4::timestamptz AT TIME ZONE 'UTC')::date`
    : `SELECT hour, country, network, route, carrier, sender, broadcast_id, outcome, reason, bucket, value
       FROM delivery_counts WHERE ${byHour}`;
  // Folded counters and the deltas not folded yet, both filtered: one snapshot, exact whenever the folder last ran.
  const filter = `(${counters}
    UNION ALL
    SELECT hour, country, network, route, carrier, sender, broadcast_id, outcome, reason, bucket, delta
    FROM delivery_count_deltas WHERE ${byHour}) counters`;
  return { params, filter };
}

const wholeDay = (at: Date) => at.getTime() % 86_400_000 === 0;
