// Guessing is expensive: after 10 failed sign-ins for one email, or 50 from
// one address, within 15 minutes, sign-in is refused for the rest of that
// window, even with the right password, and the refusal says when to retry.
// Counted in PostgreSQL, so every web process sees the same count.
import { db } from "../../db/client";

export const SIGN_IN_LIMITS = { windowMinutes: 15, perEmail: 10, perAddress: 50 };

export class SignInThrottled extends Error {
  constructor(readonly retryAt: Date) {
    super(`Too many failed sign-ins. Try again after ${retryAt.toISOString().slice(11, 16)} UTC.`);
  }
}

/**
 * Throws SignInThrottled when this email, or this address, has used up its
 * failures for the window (`ownAttempts`: rows the caller already counted for
 * the attempt being checked).
 */
export async function assertSignInAllowed({
  email,
  address,
  ownAttempts = 0,
}: {
  email: string;
  address: string | null;
  ownAttempts?: number;
}): Promise<void> {
  const [row] = await db().$queryRaw<
    { by_email: number; email_since: Date | null; by_address: number; address_since: Date | null }[]
  >`
    SELECT count(*) FILTER (WHERE email = ${email})::int AS by_email,
           min(failed_at) FILTER (WHERE email = ${email}) AS email_since,
           count(*) FILTER (WHERE ip = ${address})::int AS by_address,
           min(failed_at) FILTER (WHERE ip = ${address}) AS address_since
      FROM sign_in_failures
     WHERE (email = ${email} OR ip = ${address})
       AND failed_at > now() - make_interval(mins => ${SIGN_IN_LIMITS.windowMinutes})`;
  const windowMs = SIGN_IN_LIMITS.windowMinutes * 60_000;
  if (row!.by_email - ownAttempts >= SIGN_IN_LIMITS.perEmail)
    throw new SignInThrottled(new Date(row!.email_since!.getTime() + windowMs));
  if (address && row!.by_address - ownAttempts >= SIGN_IN_LIMITS.perAddress)
    throw new SignInThrottled(new Date(row!.address_since!.getTime() + windowMs));
}

/**
 * For guesses that may arrive all at once (second-factor codes): the attempt
 * is counted as a failure before it is checked, then the counts are read, so a
 * burst cannot all pass the check before any is counted. A right answer is
 * forgiven (its row deleted).
 */
export async function takeSignInAttempt(email: string, address: string | null): Promise<bigint> {
  const [row] = await db().$queryRaw<{ id: bigint }[]>`
    INSERT INTO sign_in_failures (email, ip) VALUES (${email}, ${address}) RETURNING id`;
  try {
    await assertSignInAllowed({ email, address, ownAttempts: 1 });
  } catch (error) {
    await forgiveSignInAttempt(row!.id);
    throw error;
  }
  return row!.id;
}

export async function forgiveSignInAttempt(id: bigint): Promise<void> {
  await db().$executeRaw`DELETE FROM sign_in_failures WHERE id = ${id}`;
}

export async function recordSignInFailure(email: string, address: string | null): Promise<void> {
  await db().$executeRaw`INSERT INTO sign_in_failures (email, ip) VALUES (${email}, ${address})`;
}

/** The counts look back 15 minutes; older failures are deleted in bounded batches. */
export async function purgeSignInFailures(limit = 10_000): Promise<number> {
  return db().$executeRaw`
    DELETE FROM sign_in_failures WHERE id IN (
      SELECT id FROM sign_in_failures WHERE failed_at < now() - interval '1 day' ORDER BY failed_at LIMIT ${limit})`;
}
