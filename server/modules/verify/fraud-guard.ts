// Verify's fraud guard, on by default (issue #25; the figures are in
// docs/decisions.md). SMS pumping pays its authors per message that reaches
// numbers they own: premium and shared-cost ranges, far countries, a block of
// numbers texted again and again. Each rule below refuses a send before
// anything is written or charged.
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { sql } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { rateLimited } from "../../errors/rate-limited";
import { allowedVerifyCountries } from "./geo-permissions";

export const FRAUD_GUARD = {
  /** New verifications to one destination in an hour. */
  perDestinationPerHour: 5,
  /** New verifications to one number block (the E.164 number but its last four digits) in an hour. */
  perPrefixPerHour: 50,
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

export async function assertGeoPermitted(accountId: string, countryIso: string, countryName: string): Promise<void> {
  const allowed = await allowedVerifyCountries(accountId);
  if (allowed.has(countryIso)) return;
  throw new AppError("FORBIDDEN", {
    message: `Verify is not turned on for ${countryName} on this account: add it in the dashboard's Verify settings`,
    context: { reason: "geo_permission", country: countryIso },
  });
}

type Counts = {
  to_destination: number;
  oldest_to_destination: Date | null;
  to_prefix: number;
  oldest_to_prefix: Date | null;
};

/** 429 when one more verification to this destination (or its block) would pass the hour's allowance. */
export async function assertVelocity(
  accountId: string,
  mode: string,
  to: string,
  prefix: string | null,
): Promise<void> {
  const { rows } = await sql().query<Counts>(
    `SELECT d.n AS to_destination, d.oldest AS oldest_to_destination, p.n AS to_prefix, p.oldest AS oldest_to_prefix
     FROM (SELECT count(*)::int AS n, min(created_at) AS oldest FROM verifications
           WHERE account_id = $1 AND mode = $2 AND to_address = $3 AND created_at > now() - interval '1 hour') d,
          (SELECT count(*)::int AS n, min(created_at) AS oldest FROM verifications
           WHERE $4::text IS NOT NULL AND account_id = $1 AND mode = $2 AND prefix = $4 AND created_at > now() - interval '1 hour') p`,
    [accountId, mode, to, prefix],
  );
  const counts = rows[0]!;
  const after = (oldest: Date | null) => ((oldest?.getTime() ?? Date.now()) + 3_600_000 - Date.now()) / 1000;
  if (counts.to_destination >= FRAUD_GUARD.perDestinationPerHour)
    throw rateLimited(
      `At most ${FRAUD_GUARD.perDestinationPerHour} verifications an hour go to one destination`,
      FRAUD_GUARD.perDestinationPerHour,
      after(counts.oldest_to_destination),
    );
  if (counts.to_prefix >= FRAUD_GUARD.perPrefixPerHour)
    throw rateLimited(
      `At most ${FRAUD_GUARD.perPrefixPerHour} verifications an hour go to numbers starting ${prefix}`,
      FRAUD_GUARD.perPrefixPerHour,
      after(counts.oldest_to_prefix),
    );
}
