// How many sending domains an account may add, and how fast. Each add makes
// a 2048-bit RSA key (tens of milliseconds of CPU): unlimited, a loop from a
// free account would be a denial of service on every tenant. Support's
// override (the CLI) is not limited.
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { rateLimited } from "../../errors/rate-limited";

export const DOMAIN_LIMITS = {
  /** Adds per rolling minute: a person adds one or two; a script adding more can wait. */
  perMinute: 5,
  /** Domains on one account, pending and verified together. */
  total: 50,
  /** A domain still unverified this long after it was added is removed (expire-pending-domains.ts). */
  pendingDays: 7,
};

type Queryable = Pick<ReturnType<typeof db>, "$queryRaw">;

/** Throws RATE_LIMIT_EXCEEDED (per minute) or CONFLICT `domain_limit` (in total) when the account is at a limit. */
export async function assertCanAddDomain(accountId: string, client: Queryable = db()): Promise<void> {
  const rows = await client.$queryRaw<{ recent: number; total: number; retry_after: number | null }[]>`
    SELECT count(*) FILTER (WHERE created_at > now() - interval '1 minute')::int AS recent, count(*)::int AS total,
            ceil(extract(epoch FROM min(created_at) FILTER (WHERE created_at > now() - interval '1 minute')
                 + interval '1 minute' - now()))::int AS retry_after
       FROM sender_domains WHERE account_id = ${accountId}`;
  const { recent, total, retry_after } = rows[0]!;
  if (total >= DOMAIN_LIMITS.total)
    throw new AppError("CONFLICT", {
      message: `An account may hold at most ${DOMAIN_LIMITS.total} domains; delete one you no longer use`,
      context: { reason: "domain_limit", limit: DOMAIN_LIMITS.total },
    });
  if (recent >= DOMAIN_LIMITS.perMinute)
    throw rateLimited(
      `At most ${DOMAIN_LIMITS.perMinute} domains may be added per minute`,
      DOMAIN_LIMITS.perMinute,
      retry_after ?? 60,
    );
}
