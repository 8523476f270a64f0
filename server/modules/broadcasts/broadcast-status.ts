// GET /api/v1/broadcasts/status: where a broadcast stands. The recipients by
// state come from their (broadcast, status) index; sent ones are split by
// what their message became (delivered, failed at the carrier), and the cost
// so far is what those messages were charged (refunds taken off). Clicks are
// counted beside: a message's first click is stamped on it (clicked_at).
import { sql } from "../../db/client";
import type { Broadcast } from "../../db/generated/client";
import { ownedBroadcast } from "./owned-broadcast";
import { toAmountNumber } from "../../lib/money";
import type { AccountScope } from "../keys/resolve-api-key";
import { broadcastView } from "./broadcast-view";
import { broadcastTiming } from "./broadcast-timing";

export async function broadcastStatus(id: string, caller: AccountScope) {
  return broadcastProgress(await ownedBroadcast(id, caller));
}

/** Where a broadcast already read stands: its view, counts and cost so far. */
export async function broadcastProgress(b: Broadcast) {
  const id = b.id;
  const { rows } = await sql().query<{
    status: string;
    message: string | null;
    country: string | null;
    n: string;
    micros: string;
    clicked: string;
  }>(
    `SELECT r.status::text, coalesce(s.status::text, e.status::text) AS message,
            CASE WHEN r.status IN ('queued', 'sending') THEN coalesce(r.country_iso, '') END AS country, count(*) AS n,
            coalesce(sum(CASE WHEN coalesce(s.status::text, e.status::text) = 'failed' THEN 0
                              ELSE coalesce(s.price_micros, e.price_micros, 0) END), 0)::text AS micros,
            count(*) FILTER (WHERE coalesce(s.clicked_at, e.clicked_at) IS NOT NULL) AS clicked
     FROM broadcast_recipients r
     LEFT JOIN sms_messages s ON s.id = r.transaction_id AND r.status IN ('sent', 'failed')
     LEFT JOIN email_messages e ON e.transaction_id = r.transaction_id AND r.status IN ('sent', 'failed')
     WHERE r.broadcast_id = $1 GROUP BY 1, 2, 3`,
    [id],
  );
  const counts = {
    queued: 0,
    sent: 0,
    delivered: 0,
    failed: 0,
    skipped_unsubscribed: 0,
    skipped_invalid: 0,
    skipped_network: 0,
    no_consent: 0,
  };
  let micros = 0n;
  let clicked = 0;
  const queued: Record<string, number> = {};
  for (const row of rows) {
    const n = Number(row.n);
    micros += BigInt(row.micros);
    clicked += Number(row.clicked);
    if (row.country !== null) queued[row.country] = (queued[row.country] ?? 0) + n;
    if (row.status === "queued" || row.status === "sending") counts.queued += n;
    else if (
      row.status === "skipped_unsubscribed" ||
      row.status === "skipped_invalid" ||
      row.status === "skipped_network" ||
      row.status === "no_consent"
    )
      counts[row.status] += n;
    else if (row.message === "failed" || row.status === "failed") counts.failed += n;
    else if (row.message === "delivered") counts.delivered += n;
    else counts.sent += n;
  }
  // A test broadcast is charged nothing: its messages keep the price live would have charged, which is not a cost.
  const charged = b.mode === "live" ? micros : 0n;
  return {
    ...broadcastView(b),
    ...(await broadcastTiming(b, queued)),
    counts,
    clicked,
    cost: { amount: toAmountNumber(charged), currency: b.currency },
  };
}
