// Which accounts keep delivery views (migration 20261127140000; docs/decisions.md, "Insights: views"). A quiet
// account's counters are few (a message is about a row, whatever the reading) and its views would multiply them; a
// busy one's counters are a cross-product of thousands of rows a day, which its views sum to the few its pages show.
import type pg from "pg";
import { sql } from "../../db/client";
import { inPgTransaction } from "../../db/pg-transaction";
import { config } from "../../config/config";
import { DELIVERY_VIEW_KEYS, spanStart, viewRowColumns, viewsOfCounters } from "./delivery-views";

/** The fold holds it shared; turning an account's views on holds it alone. */
export const DELIVERY_VIEWS_LOCK = "delivery-views";
const HOUR_MS = 3_600_000;
/** An account's hour spans are backfilled this far back (the 24 h page, a period's edges); older hours read counters. */
const HOURS_BACK = 48;

/**
 * Turns an account's views on: its days and weeks summed from its daily counters, its hours from `hoursFrom` (48
 * hours ago by default) from its hourly ones, and the fold adds to them from then on. Under the views lock, taken
 * alone: every fold before it has committed (the backfill sees its deltas in the counters), every fold after sees the
 * account (and adds its deltas to the views); deltas not folded yet are read beside the views, then folded into them.
 * False when the account had them already.
 */
export function enableDeliveryViews(accountId: string, options: { hoursFrom?: Date } = {}): Promise<boolean> {
  const hoursFrom = options.hoursFrom ?? new Date((Math.floor(Date.now() / HOUR_MS) - HOURS_BACK) * HOUR_MS);
  return inPgTransaction(
    async (client) => {
      const { rowCount } = await client.query(
        `INSERT INTO delivery_view_accounts (account_id, hours_from) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
        [accountId, hoursFrom],
      );
      if (!rowCount) return false;
      await backfillViews(client, accountId, hoursFrom);
      return true;
    },
    { lock: DELIVERY_VIEWS_LOCK },
  );
}

/**
 * An account's views written from its counters: hours from `hoursFrom` from the hourly ones, days and weeks from the
 * daily ones. The caller holds the views lock alone (no fold runs meanwhile) and the account has no views rows.
 */
export async function backfillViews(client: pg.PoolClient, accountId: string, hoursFrom: Date): Promise<void> {
  const columns = DELIVERY_VIEW_KEYS.join(", ");
  const positions = DELIVERY_VIEW_KEYS.map((_, i) => i + 1).join(", ");
  // A busy account's days unpivot into millions of rows to sum: in memory, not sorted through disk (7 s, not 44,
  // for the insights bench's 10 M-message account).
  await client.query("SET LOCAL work_mem = '256MB'");
  await client.query(
    `INSERT INTO delivery_views (${columns}, value)
     SELECT ${viewRowColumns("c", "'hour'", "c.hour", "sum(c.value)")}
     FROM delivery_counts c ${viewsOfCounters("c")}
     WHERE c.account_id = $1 AND c.hour >= $2
     GROUP BY ${positions} HAVING sum(c.value) <> 0`,
    [accountId, hoursFrom],
  );
  await client.query(
    `INSERT INTO delivery_views (${columns}, value)
     SELECT ${viewRowColumns("c", "s.span", spanStart("s.span", "(c.day::timestamp AT TIME ZONE 'UTC')"), "sum(c.value)")}
     FROM delivery_counts_daily c ${viewsOfCounters("c")} CROSS JOIN unnest(ARRAY['day', 'week']) s(span)
     WHERE c.account_id = $1
     GROUP BY ${positions} HAVING sum(c.value) <> 0`,
    [accountId],
  );
}

/**
 * The worker's hourly pass: turns views on for the busiest account whose last 7 days hold more daily counter rows than
 * KASA_INSIGHTS_VIEW_ROWS (what a week's reading of its counters would read), one a pass: folds wait while an account
 * is backfilled, so never for several in a row. Returns how many it turned on. Read by day through its (day,
 * account_id) index, not the whole history.
 */
export async function enableBusyAccountsViews(): Promise<number> {
  const { rows } = await sql().query<{ account_id: string }>(
    `SELECT account_id FROM delivery_counts_daily
     WHERE day >= (now() AT TIME ZONE 'UTC')::date - 7
       AND account_id NOT IN (SELECT account_id FROM delivery_view_accounts)
     GROUP BY account_id HAVING count(*) > $1 ORDER BY count(*) DESC LIMIT 1`,
    [config().KASA_INSIGHTS_VIEW_ROWS],
  );
  let enabled = 0;
  for (const { account_id } of rows) if (await enableDeliveryViews(account_id)) enabled++;
  return enabled;
}

/** When an account's hour spans begin, or null: it has no views (cached: views once on stay on). */
export async function viewsHoursFrom(accountId: string): Promise<Date | null> {
  const known = enabled.get(accountId);
  if (known) return known;
  const { rows } = await sql().query<{ hours_from: Date }>(
    `SELECT hours_from FROM delivery_view_accounts WHERE account_id = $1`,
    [accountId],
  );
  if (rows[0]) enabled.set(accountId, rows[0].hours_from);
  return rows[0]?.hours_from ?? null;
}
const enabled = new Map<string, Date>();
