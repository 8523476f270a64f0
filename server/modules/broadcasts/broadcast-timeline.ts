// The Broadcasts page's delivery chart (docs/decisions.md, "The dashboard pages"): a broadcast's recipients by when they were settled and how
// (sent, failed, skipped), in at most 60 bars from its start to its end (or now), each a minute or more. One
// grouped read of its recipients by (broadcast, status): what the chart shows, and no other broadcast's rows.
import { sql } from "../../db/client";
import { ownedBroadcast } from "./owned-broadcast";
import type { AccountScope } from "../keys/resolve-api-key";

const BARS = 60;

export async function broadcastTimeline(id: string, scope: AccountScope) {
  const b = await ownedBroadcast(id, scope);
  if (!b.startedAt) return { barSeconds: 60, bars: [] };
  const end = b.finishedAt ?? new Date();
  const barSeconds = Math.max(60, Math.ceil((end.getTime() - b.startedAt.getTime()) / 1000 / BARS / 60) * 60);
  const { rows } = await sql().query<{ at: Date; sent: string; failed: string; skipped: string }>(
    `SELECT date_bin(make_interval(secs => $2), r.updated_at, $3::timestamptz) AS at,
            count(*) FILTER (WHERE r.status = 'sent') AS sent,
            count(*) FILTER (WHERE r.status = 'failed') AS failed,
            count(*) FILTER (WHERE r.status IN ('skipped_unsubscribed', 'skipped_invalid', 'skipped_network')) AS skipped
     FROM broadcast_recipients r
     WHERE r.broadcast_id = $1 AND r.status IN ('sent', 'failed', 'skipped_unsubscribed', 'skipped_invalid', 'skipped_network')
     GROUP BY 1 ORDER BY 1`,
    [id, barSeconds, b.startedAt],
  );
  return {
    barSeconds,
    bars: rows.map((r) => ({
      at: r.at.toISOString(),
      sent: Number(r.sent),
      failed: Number(r.failed),
      skipped: Number(r.skipped),
    })),
  };
}
