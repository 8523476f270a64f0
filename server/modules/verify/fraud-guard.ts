// Verify's fraud guard, on by default (docs/decisions.md, "Verify"; the figures are in
// docs/decisions.md). SMS pumping pays its authors per message that reaches
// numbers they own: premium and shared-cost ranges, far countries, a block of
// numbers texted again and again. Each rule below refuses a send before
// anything is written or charged.
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { AppError } from "../../errors/app-error";
import { rateLimited } from "../../errors/rate-limited";
import { allowedVerifyCountries } from "./geo-permissions";
import type { Queryable } from "../../db/pg-transaction";

export const FRAUD_GUARD = {
  /** New verifications to one destination in an hour, and codes (sends and resends) to it. */
  perDestinationPerHour: 5,
  sendsPerDestinationPerHour: 10,
  /** Failed verifications (five wrong codes each) to one destination in a day: then it is locked, so codes cannot be guessed across verifications. */
  failedPerDestinationPerDay: 3,
  /** Codes to one number block (the E.164 number but its last four digits) in an hour. */
  sendsPerPrefixPerHour: 50,
  /** The conversion guard: among the last `sample` verifications to a block in the last hour, older than `settleS`... */
  sample: 50,
  settleS: 120,
  /** ...at least `minSample`, of which under `minApprovedShare` approved, block it for `blockHours`. */
  minSample: 20,
  minApprovedShare: 0.2,
  blockHours: 24,
};

/** The number block a number belongs to: what pumping ranges share. */
export const numberPrefix = (e164: string) => e164.slice(0, -4);

/** Only numbers a code can be texted to: premium-rate, shared-cost, toll-free and unknown ranges are where pumping pays. */
export function assertVerifiableNumber(e164: string): void {
  const type = parsePhoneNumberFromString(e164)?.getType();
  if (type === "MOBILE" || type === "FIXED_LINE_OR_MOBILE") return;
  const kind = (type ?? "unknown").toLowerCase();
  throw new AppError("FORBIDDEN", {
    message: `${e164} is not a mobile number (${kind.replace(/_/g, " ")}): Verify only texts mobiles`,
    context: { reason: "number_type", number_type: kind },
  });
}

export async function assertGeoPermitted({
  accountId,
  countryIso,
  countryName,
}: {
  accountId: string;
  countryIso: string;
  countryName: string;
}): Promise<void> {
  const allowed = await allowedVerifyCountries(accountId);
  if (allowed.has(countryIso)) return;
  throw new AppError("FORBIDDEN", {
    message: `Verify is not turned on for ${countryName} on this account: add it in the dashboard's Verify settings`,
    context: { reason: "geo_permission", country: countryIso },
  });
}

type Counts = {
  new_to_destination: number;
  sends_to_destination: number;
  failed_to_destination: number;
  sends_to_prefix: number;
  oldest_to_destination: Date | null;
  oldest_failed: Date | null;
  oldest_to_prefix: Date | null;
};

/**
 * The velocity limits, counted under the destination's (or block's) lock in the transaction that claims the send,
 * so parallel requests cannot all pass before one is written. Messages are counted (a resend is a message), not
 * verifications. Returns the refusal, or null.
 */
export async function velocityRefusal(
  client: Queryable,
  v: { accountId: string; mode: string; to: string; prefix: string | null; isNew: boolean },
): Promise<AppError | null> {
  const { rows } = await client.query<Counts>(
    `SELECT d.new_to_destination, d.sends_to_destination, d.failed_to_destination, d.oldest_to_destination, d.oldest_failed,
            p.sends_to_prefix, p.oldest_to_prefix
     FROM (SELECT count(*) FILTER (WHERE created_at > now() - interval '1 hour')::int AS new_to_destination,
                  coalesce(sum(sends) FILTER (WHERE created_at > now() - interval '1 hour'), 0)::int AS sends_to_destination,
                  count(*) FILTER (WHERE status = 'failed')::int AS failed_to_destination,
                  min(created_at) FILTER (WHERE created_at > now() - interval '1 hour') AS oldest_to_destination,
                  min(created_at) FILTER (WHERE status = 'failed') AS oldest_failed
           FROM verifications
           WHERE account_id = $1 AND mode = $2 AND to_address = $3 AND created_at > now() - interval '1 day') d,
          (SELECT coalesce(sum(sends), 0)::int AS sends_to_prefix, min(created_at) AS oldest_to_prefix FROM verifications
           WHERE $4::text IS NOT NULL AND account_id = $1 AND mode = $2 AND prefix = $4
             AND created_at > now() - interval '1 hour') p`,
    [v.accountId, v.mode, v.to, v.prefix],
  );
  const c = rows[0]!;
  const g = FRAUD_GUARD;
  const after = (oldest: Date | null, hours: number) =>
    ((oldest?.getTime() ?? Date.now()) + hours * 3_600_000 - Date.now()) / 1000;
  if (c.failed_to_destination >= g.failedPerDestinationPerDay)
    return rateLimited(
      `${g.failedPerDestinationPerDay} verifications to this destination took five wrong codes today: it is locked for a day`,
      g.failedPerDestinationPerDay,
      after(c.oldest_failed, 24),
    );
  if (v.isNew && c.new_to_destination >= g.perDestinationPerHour)
    return rateLimited(
      `At most ${g.perDestinationPerHour} verifications an hour go to one destination`,
      g.perDestinationPerHour,
      after(c.oldest_to_destination, 1),
    );
  if (c.sends_to_destination >= g.sendsPerDestinationPerHour)
    return rateLimited(
      `At most ${g.sendsPerDestinationPerHour} codes an hour go to one destination`,
      g.sendsPerDestinationPerHour,
      after(c.oldest_to_destination, 1),
    );
  if (c.sends_to_prefix >= g.sendsPerPrefixPerHour)
    return rateLimited(
      `At most ${g.sendsPerPrefixPerHour} codes an hour go to numbers starting ${v.prefix}`,
      g.sendsPerPrefixPerHour,
      after(c.oldest_to_prefix, 1),
    );
  return null;
}
