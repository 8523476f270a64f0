// The worker's check that each account's delivery views say what its daily counters say (docs/decisions.md,
// "Insights: views"). The fold writes both in one statement, so in any one snapshot an account's day totals in its
// views (the account's slice, no dimension) equal its daily counters summed: a difference is a bug or a hand's edit,
// and the pages would show it. The account's views are then rebuilt from its counters, under the views lock alone,
// in one transaction: readers see the old views or the new ones, never none.
import { sql } from "../../db/client";
import { inPgTransaction } from "../../db/pg-transaction";
import { logger } from "../../lib/logger";
import { backfillViews, DELIVERY_VIEWS_LOCK } from "./enable-delivery-views";

/** How many (channel, mode, day, outcome, reason, bucket) totals of the account's views differ from its counters. */
export async function viewsMismatches(accountId: string): Promise<number> {
  const { rows } = await sql().query<{ n: number }>(
    `WITH counters AS (
       SELECT channel, mode, day, outcome, reason, bucket, sum(value) AS n FROM delivery_counts_daily
       WHERE account_id = $1 GROUP BY 1, 2, 3, 4, 5, 6),
     views AS (
       SELECT channel, mode, (start AT TIME ZONE 'UTC')::date AS day, outcome, reason, bucket, sum(value) AS n
       FROM delivery_views WHERE account_id = $1 AND slice = '' AND span = 'day' AND dimension = ''
       GROUP BY 1, 2, 3, 4, 5, 6)
     SELECT count(*)::int AS n FROM counters FULL JOIN views USING (channel, mode, day, outcome, reason, bucket)
     WHERE coalesce(counters.n, 0) <> coalesce(views.n, 0)`,
    [accountId],
  );
  return rows[0]!.n;
}

/** Rebuilds the account's views from its counters, keeping where its hours start. */
export function rebuildDeliveryViews(accountId: string): Promise<void> {
  return inPgTransaction(
    async (client) => {
      const { rows } = await client.query<{ hours_from: Date }>(
        `SELECT hours_from FROM delivery_view_accounts WHERE account_id = $1`,
        [accountId],
      );
      if (!rows[0]) return;
      await client.query(`DELETE FROM delivery_views WHERE account_id = $1`, [accountId]);
      await backfillViews(client, accountId, rows[0].hours_from);
    },
    { lock: DELIVERY_VIEWS_LOCK },
  );
}

/** Every account with views checked, and rebuilt where they differ; returns how many were rebuilt. */
export async function checkDeliveryViews(): Promise<number> {
  const { rows } = await sql().query<{ account_id: string }>(
    `SELECT account_id FROM delivery_view_accounts ORDER BY account_id`,
  );
  let rebuilt = 0;
  for (const { account_id: accountId } of rows) {
    const mismatches = await viewsMismatches(accountId);
    if (mismatches === 0) continue;
    logger().error({ accountId, mismatches }, "insights: an account's views differ from its daily counters; rebuilt");
    await rebuildDeliveryViews(accountId);
    rebuilt++;
  }
  return rebuilt;
}
