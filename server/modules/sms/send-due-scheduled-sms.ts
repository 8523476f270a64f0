// The worker's scheduled-SMS job (every second): promotional messages whose
// country window has opened are claimed (scheduled -> pending, guarded, so a
// cancel and two workers never both move one) and handed to the route's
// carriers like a message sent at once, then settled: captured when sent,
// refunded when it fails. From pending on, a worker that dies before settling
// leaves the message to the recovery job (settle-stuck-sends.ts), as an API
// send's would be. A window a rule change closed again moves the message to
// its next opening instead.
import { db, sql } from "../../db/client";
import type { SmsMessage } from "../../db/generated/client";
import { logger } from "../../lib/logger";
import type { Encoding } from "../../lib/sms-segments";
import { pinnedClock } from "../../lib/clock";
import { closedWindow } from "./country-window";
import { pickCarriers } from "./pick-carriers";
import { resolveRoute } from "./resolve-route";
import { deliverPendingSms, type SmsPlan } from "./send-sms";
import { markSmsFailed } from "./sms-store";
import { isAppError } from "../../errors/app-error";

const BATCH = 20;

export async function sendDueScheduledSms(now = pinnedClock() ?? new Date()): Promise<number> {
  const due = await db().smsMessage.findMany({
    where: { status: "scheduled", scheduledAt: { lte: now } },
    orderBy: { scheduledAt: "asc" },
    take: BATCH,
  });
  const ready: SmsMessage[] = [];
  for (const sms of due) {
    const closed = await closedWindow({ countryIso: sms.countryIso, category: sms.category, at: now });
    if (!closed) ready.push(sms);
    else
      await sql().query(
        `UPDATE sms_messages SET scheduled_at = $2, updated_at = now() WHERE id = $1 AND status = 'scheduled'`,
        [sms.id, closed.opensAt],
      );
  }
  if (!ready.length) return 0;
  const { rows } = await sql().query<{ id: string }>(
    `UPDATE sms_messages SET status = 'pending', updated_at = now()
     WHERE id = ANY($1::text[]) AND status = 'scheduled' RETURNING id`,
    [ready.map((s) => s.id)],
  );
  const claimed = new Set(rows.map((r) => r.id));
  await Promise.all(
    ready
      .filter((s) => claimed.has(s.id))
      .map((sms) =>
        sendClaimed({ ...sms, status: "pending" }).catch((error) =>
          logger().error({ err: error, sms: sms.id }, "scheduled SMS not settled here; the recovery job will"),
        ),
      ),
  );
  return claimed.size;
}

async function sendClaimed(sms: SmsMessage): Promise<void> {
  const reason = `SMS to ${sms.toNumber} (${sms.segments} segment${sms.segments > 1 ? "s" : ""})`;
  const account = await db().account.findUnique({ where: { id: sms.accountId }, select: { status: true } });
  const route = await resolveRoute({ countryIso: sms.countryIso, region: sms.region }).catch(() => null);
  const carriers = route ? await pickCarriers(sms.route, sms.mode) : [];
  const unsendable =
    account?.status !== "active"
      ? "The account was suspended before the message's window opened"
      : !route
        ? `${sms.countryIso} is no longer a destination Kasa sends to`
        : !carriers.length
          ? "Live SMS is no longer configured on this deployment"
          : null;
  if (unsendable) {
    Object.assign(sms, { status: "failed", errorCode: "not_sent", errorMessage: unsendable, updatedAt: new Date() });
    await markSmsFailed(sms, `Refund: ${reason}`);
    return;
  }
  const plan: SmsPlan = {
    to: sms.toNumber,
    sender: sms.sender,
    category: sms.category,
    counts: {
      encoding: sms.encoding as Encoding,
      characters: sms.characters,
      units: sms.characters,
      segments: sms.segments,
    },
    route: route!,
    priceMicros: sms.priceMicros,
    carriers,
    scheduledAt: null,
  };
  try {
    await deliverPendingSms({ sms, plan, reason, message: sms.body });
  } catch (error) {
    // A carrier's refusal is settled (failed, refunded, sms.failed) before it is thrown: nothing is left to do.
    if (!isAppError(error)) throw error;
  }
}
