// Verify's email for an account with no verified domain yet: sent from the
// deployment's own Verify address (KASA_VERIFY_FROM; default verify@ the
// public host), never the address Kasa's own mail (resets, sign-in codes) goes
// from, and named "<brand> via Kasa" so nobody reads it as Kasa's. Through the
// same relay, charged like any email, at most 50 a day per account (a domain
// of its own lifts that). Kasa signs with no customer key here: the
// deployment's relay signs its own domain.
import { sql } from "../../db/client";
import { rateLimited } from "../../errors/rate-limited";
import { publicUrl } from "../../config/public-url";
import { unsignedDomain } from "../email/unsigned-domain";
import type { ApiCaller } from "../keys/resolve-api-key";
import { systemFrom } from "../system-mail/send-system-mail";
import { suppressedAmong } from "../email/suppressions";
import { EMAIL_PRICE_PER_RECIPIENT_MICROS } from "../email/pricing";
import { requireEmailTransport, type EmailPlan } from "../email/prepare-email";
import { config } from "../../config/config";

export const DEPLOYMENT_SENDER_PER_DAY = 50;

/** KASA_VERIFY_FROM's address (a display name around it is dropped: the brand names the mail), or verify@ the
 * domain Kasa's own mail goes from. Taken as configured, like KASA_SYSTEM_FROM: a local host has no TLD. */
export function verifyFromAddress(): string {
  const configured = config().KASA_VERIFY_FROM;
  if (configured) return /<([^>]+)>/.exec(configured)?.[1]?.trim() ?? configured;
  const system = systemFrom();
  const address = /<([^>]+)>/.exec(system)?.[1] ?? system;
  return `verify@${address.split("@")[1]?.trim() ?? new URL(publicUrl()).hostname}`;
}

export async function deploymentSenderPlan({
  to,
  brand,
  caller,
}: {
  to: string;
  brand: string;
  caller: ApiCaller;
}): Promise<EmailPlan> {
  const from = { name: `${brand} via Kasa`, address: verifyFromAddress() };
  const { rows } = await sql().query<{ n: number }>(
    `SELECT count(*)::int AS n FROM verifications
     WHERE account_id = $1 AND mode = $2 AND channel = 'email' AND created_at > now() - interval '1 day'`,
    [caller.accountId, caller.mode],
  );
  if (rows[0]!.n >= DEPLOYMENT_SENDER_PER_DAY)
    throw rateLimited(
      `Without a verified domain, Verify sends at most ${DEPLOYMENT_SENDER_PER_DAY} emails a day from Kasa's address: verify a domain of your own to send more`,
      DEPLOYMENT_SENDER_PER_DAY,
      3_600,
    );
  const transport = requireEmailTransport(caller.mode);
  const suppressed = await suppressedAmong({ accountId: caller.accountId, addresses: [to], mode: caller.mode });
  const domain = unsignedDomain(from.address.split("@")[1]!);
  return {
    from,
    domain,
    to: [{ name: "", address: to }],
    cc: [],
    bcc: [],
    attachments: [],
    headers: { "Auto-Submitted": "auto-generated" },
    suppressed: [...suppressed],
    priceMicros: EMAIL_PRICE_PER_RECIPIENT_MICROS,
    transport,
    dkim: null,
  };
}
