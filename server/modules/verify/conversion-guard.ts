// The conversion guard: a number block whose verifications stop being approved
// is being pumped (the codes go to numbers nobody types them from). Under 20%
// approved among the last 50 of the hour (at least 20, each at least two
// minutes old, so codes still being typed are not counted against it) blocks
// the block for a day, tells the owners (the Verify page and verify.blocked)
// and refuses the send. A block an owner lifted starts a fresh sample. It runs
// under the block's lock in the transaction that claims the send
// (claim-send.ts), so two racing sends make one block, not two.
import { AppError } from "../../errors/app-error";
import { newId } from "../../lib/ids";
import { FRAUD_GUARD } from "./fraud-guard";
import type { Queryable } from "../../db/pg-transaction";

type Block = { id: string; blocked_until: Date };

/** The refusal of a send to a paused block (putting the pause up first when this send is the one that trips it), or null. */
export async function conversionRefusal({
  client,
  accountId,
  mode,
  prefix,
  countryIso,
}: {
  client: Queryable;
  accountId: string;
  mode: "live" | "test";
  prefix: string;
  countryIso: string;
}): Promise<AppError | null> {
  const block =
    (await activeBlock(client, accountId, mode, prefix)) ??
    (await tripIfPumped(client, accountId, mode, prefix, countryIso));
  return block ? blocked(prefix, block) : null;
}

async function activeBlock(client: Queryable, accountId: string, mode: string, prefix: string) {
  const { rows } = await client.query<Block>(
    `SELECT id, blocked_until FROM verify_blocks
     WHERE account_id = $1 AND mode = $2 AND prefix = $3 AND blocked_until > now() AND lifted_at IS NULL
     ORDER BY blocked_until DESC LIMIT 1`,
    [accountId, mode, prefix],
  );
  return rows[0] ?? null;
}

/** One statement: the sample, and when it trips, the block and its verify.blocked event. */
async function tripIfPumped(
  client: Queryable,
  accountId: string,
  mode: "live" | "test",
  prefix: string,
  countryIso: string,
): Promise<Block | null> {
  const g = FRAUD_GUARD;
  const { rows } = await client.query<Block>(
    `WITH sample AS (
       SELECT status FROM verifications
       WHERE account_id = $1 AND mode = $2 AND prefix = $3
         AND created_at > now() - interval '1 hour' AND created_at < now() - make_interval(secs => $5)
         AND created_at > coalesce((SELECT max(lifted_at) FROM verify_blocks
                                    WHERE account_id = $1 AND mode = $2 AND prefix = $3), '-infinity')
       ORDER BY created_at DESC LIMIT $6),
     tally AS (SELECT count(*)::int AS sampled, count(*) FILTER (WHERE status = 'approved')::int AS approved FROM sample),
     block AS (
       INSERT INTO verify_blocks (id, account_id, mode, prefix, country_iso, sampled, approved, blocked_until)
       SELECT $4, $1, $2, $3, $7, sampled, approved, now() + make_interval(hours => $10) FROM tally
       WHERE sampled >= $8 AND approved < sampled * $9::numeric
       RETURNING id, account_id, prefix, country_iso, sampled, approved, blocked_until),
     event AS (
       INSERT INTO events (account_id, transaction_id, event, data, livemode)
       SELECT account_id, id, 'verify.blocked',
              jsonb_build_object('block_id', id, 'prefix', prefix, 'country', country_iso, 'reason', 'fraud_guard',
                                 'sampled', sampled, 'approved', approved,
                                 'blocked_until', to_char(blocked_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
              $2 = 'live'
       FROM block)
     SELECT id, blocked_until FROM block`,
    [
      accountId,
      mode,
      prefix,
      newId("vbk"),
      g.settleS,
      g.sample,
      countryIso,
      g.minSample,
      g.minApprovedShare,
      g.blockHours,
    ],
  );
  return rows[0] ?? null;
}

function blocked(prefix: string, block: Block): AppError {
  return new AppError("FORBIDDEN", {
    message: `Verifications to numbers starting ${prefix} are paused until ${block.blocked_until.toISOString()}: too few of the last ones were approved (the signature of SMS pumping). An owner can lift this on the Verify page.`,
    context: { reason: "fraud_guard", prefix, block_id: block.id, blocked_until: block.blocked_until.toISOString() },
  });
}
