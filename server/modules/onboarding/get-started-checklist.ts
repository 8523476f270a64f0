import { sql } from "../../db/client";

/** The Overview's "Get started" steps, in the order a new account meets them (docs/decisions.md, "First run and the Overview"). */
export const GET_STARTED_STEPS = [
  "api_key",
  "test_sms",
  "test_email",
  "domain",
  "webhook",
  "top_up",
  "live_send",
] as const;
export type GetStartedStep = (typeof GET_STARTED_STEPS)[number];

type Row = Record<GetStartedStep | "has_endpoint", boolean> & { hidden_at: Date | null };

/**
 * Which steps the account has done, each read from what it actually did, never from a flag the dashboard sets:
 * - api_key: a key was used, or someone made a key after the two of sign-up (whose secrets nobody may have kept);
 * - test_sms / test_email / live_send: the day counters of the request log (usage_daily) hold a request of that
 *   service and mode that reached a transaction, so a refused request does not tick it;
 * - domain: a sender domain is verified; webhook: a delivery to the endpoint has succeeded (first_delivered_at);
 *   top_up: a payment succeeded.
 * Each is an EXISTS on an index that starts with the account, so the list costs the same at any history size.
 */
export async function getStartedChecklist(input: { accountId: string; userId: string }) {
  const { rows } = await sql().query<Row>(
    `SELECT
       EXISTS (SELECT 1 FROM api_keys k WHERE k.account_id = $1
                 AND (k.last_used_at IS NOT NULL OR k.created_at > a.created_at + interval '1 minute')) AS api_key,
       EXISTS (SELECT 1 FROM usage_daily u WHERE u.account_id = $1 AND u.service = 'sms' AND u.mode = 'test'
                 AND u.quota_requests > 0) AS test_sms,
       EXISTS (SELECT 1 FROM usage_daily u WHERE u.account_id = $1 AND u.service = 'email' AND u.mode = 'test'
                 AND u.quota_requests > 0) AS test_email,
       EXISTS (SELECT 1 FROM sender_domains d WHERE d.account_id = $1 AND d.status = 'verified') AS domain,
       EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.account_id = $1 AND e.first_delivered_at IS NOT NULL)
         AS webhook,
       -- In the order of the partial index of successful payments, the one plan that never reads other rows:
       -- as a plain EXISTS, an account whose payments are most of the table tempts the planner into a scan.
       (SELECT true FROM payments p WHERE p.account_id BETWEEN $1 AND $1 AND p.status = 'success'
         ORDER BY p.account_id LIMIT 1) IS NOT NULL AS top_up,
       EXISTS (SELECT 1 FROM usage_daily u WHERE u.account_id = $1 AND u.service IN ('sms', 'email')
                 AND u.mode = 'live' AND u.quota_requests > 0) AS live_send,
       EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.account_id = $1) AS has_endpoint,
       m.get_started_hidden_at AS hidden_at
     FROM accounts a JOIN memberships m ON m.account_id = a.id AND m.user_id = $2
     WHERE a.id = $1`,
    [input.accountId, input.userId],
  );
  const row = rows[0]!;
  const steps = GET_STARTED_STEPS.map((id) => ({ id, done: row[id] }));
  return {
    hidden: row.hidden_at !== null,
    done: steps.every((s) => s.done),
    steps,
    hasWebhookEndpoint: row.has_endpoint,
  };
}
