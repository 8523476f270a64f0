// The rules that keep number verification from being an SMS pump: a free
// sign-up once could make Kasa text any number, unbilled, without limit, and
// brute-force a code by asking for fresh ones. The codes stay free, within
// these allowances (docs/decisions.md says why and how they were chosen).
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { rateLimited } from "../../errors/rate-limited";
import { config } from "../../config/config";

export const DAY_MS = 86_400_000;

export const VERIFICATION_LIMITS = {
  /** Seconds between two codes to one number. */
  cooldownS: 60,
  /** Codes to one number in 24 hours, whichever accounts asked. */
  perNumberPerDay: 3,
  /** Codes one account may have sent in 24 hours. */
  perAccountPerDay: 5,
  /** Codes the whole deployment sends in an hour: a ceiling on what a swarm of sign-ups can cost. */
  get perDeploymentPerHour() {
    return config().KASA_VERIFICATION_HOURLY_CAP;
  },
  /** Wrong tries on one number in 24 hours, across resends. */
  triesPerDay: 5,
};

/** Only numbers that are mobiles: premium, shared-cost, toll-free and unknown ranges are where pumping pays. */
export function assertTextableMobile(e164: string): void {
  const type = parsePhoneNumberFromString(e164)?.getType();
  if (type !== "MOBILE" && type !== "FIXED_LINE_OR_MOBILE")
    throw new AppError("INVALID_PHONE_NUMBER", {
      message: `${e164} is not a mobile number (${(type ?? "unknown").toLowerCase().replace(/_/g, " ")}); a verification code can only be texted to a mobile`,
      context: { field: "number" },
    });
}

type Tx = Parameters<Parameters<ReturnType<typeof db>["$transaction"]>[0]>[0];

/**
 * Throws RATE_LIMIT_EXCEEDED, with when to try again, when one more code to
 * this number for this account would break an allowance. Run inside the
 * transaction that records the send, under the number's lock.
 */
export async function assertCanSendCode({
  tx,
  accountId,
  number,
}: {
  tx: Tx;
  accountId: string;
  number: string;
}): Promise<void> {
  const [row] = await tx.$queryRaw<
    {
      last_to_number: Date | null;
      to_number: number;
      by_account: number;
      deployment: number;
      oldest_to_number: Date | null;
      oldest_by_account: Date | null;
    }[]
  >`
    SELECT (SELECT max(sent_at) FROM verification_code_sends WHERE number = ${number}) AS last_to_number,
           (SELECT count(*)::int FROM verification_code_sends WHERE number = ${number} AND sent_at > now() - interval '1 day') AS to_number,
           (SELECT min(sent_at) FROM verification_code_sends WHERE number = ${number} AND sent_at > now() - interval '1 day') AS oldest_to_number,
           (SELECT count(*)::int FROM verification_code_sends WHERE account_id = ${accountId} AND sent_at > now() - interval '1 day') AS by_account,
           (SELECT min(sent_at) FROM verification_code_sends WHERE account_id = ${accountId} AND sent_at > now() - interval '1 day') AS oldest_by_account,
           (SELECT count(*)::int FROM verification_code_sends WHERE sent_at > now() - interval '1 hour') AS deployment`;
  const now = Date.now();
  const after = (from: Date | null, seconds: number) =>
    Math.max(1, Math.ceil(((from?.getTime() ?? now) + seconds * 1000 - now) / 1000));
  const L = VERIFICATION_LIMITS;
  if (row!.last_to_number && now - row!.last_to_number.getTime() < L.cooldownS * 1000)
    throw rateLimited(
      `Wait ${L.cooldownS} s between codes to one number`,
      L.cooldownS,
      after(row!.last_to_number, L.cooldownS),
    );
  if (row!.to_number >= L.perNumberPerDay)
    throw rateLimited(
      `At most ${L.perNumberPerDay} codes a day go to one number`,
      L.perNumberPerDay,
      after(row!.oldest_to_number, 86_400),
    );
  if (row!.by_account >= L.perAccountPerDay)
    throw rateLimited(
      `An account may send at most ${L.perAccountPerDay} codes a day`,
      L.perAccountPerDay,
      after(row!.oldest_by_account, 86_400),
    );
  if (row!.deployment >= L.perDeploymentPerHour)
    throw rateLimited("Verification codes are paused for the moment; try again later", L.perDeploymentPerHour, 3_600);
}

/** The number's wrong tries are used up until 24 hours after its window opened. */
export function triesUsedUp(since: Date): AppError {
  const retryAfter = Math.max(1, Math.ceil((since.getTime() + DAY_MS - Date.now()) / 1000));
  return rateLimited(
    `Too many wrong codes for this number; try again in ${Math.ceil(retryAfter / 3600)} h`,
    VERIFICATION_LIMITS.triesPerDay,
    retryAfter,
  );
}
