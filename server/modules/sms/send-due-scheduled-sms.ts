// The worker's scheduled-SMS job (every second): promotional messages whose
// country window has opened are claimed (scheduled -> pending, under SKIP
// LOCKED, so two workers share the due messages and a cancel either wins
// before the claim or finds the message gone) and handed to the route's
// carriers like a message sent at once, then settled: captured when sent,
// refunded when it fails. Before the hand-off nothing is lost: a message that
// cannot go (its account suspended, its country or carriers gone) is failed and
// refunded, and a rule changed so its window is closed again puts it back for
// the next opening. From the hand-off on, a worker that dies leaves it to the
// recovery job (settle-stuck-sends.ts), as an API send's would be; the hand-off
// gives up well before that job's deadline.
import { db, sql } from "../../db/client";
import type { SmsMessage } from "../../db/generated/client";
import { logger } from "../../lib/logger";
import type { Encoding } from "../../lib/sms-segments";
import { pinnedClock } from "../../lib/clock";
import { closedWindow } from "./country-window";
import { pickCarriers } from "./pick-carriers";
import { resolveRoute } from "./resolve-route";
import { deliverPendingSms, smsChargeReason, type SmsPlan } from "./send-sms";
import { markSmsFailed } from "./sms-store";
import { isAppError } from "../../errors/app-error";
import { sendRecoveryAfterS } from "../operations/send-recovery";
import type { HandOff } from "../billing/hand-off";

const BATCH = 20;

type Claimed = { id: string };

export async function sendDueScheduledSms(now = pinnedClock() ?? new Date()): Promise<number> {
  const { rows } = await sql().query<Claimed>(
    `UPDATE sms_messages SET status = 'pending', updated_at = now()
     WHERE id IN (SELECT id FROM sms_messages WHERE status = 'scheduled' AND scheduled_at <= $1
                  ORDER BY scheduled_at LIMIT $2 FOR UPDATE SKIP LOCKED)
       AND status = 'scheduled'
     RETURNING id`,
    [now, BATCH],
  );
  if (!rows.length) return 0;
  const claimed = await db().smsMessage.findMany({ where: { id: { in: rows.map((r) => r.id) } } });
  await Promise.all(
    claimed.map((sms) =>
      sendClaimed(sms, now).catch((error) =>
        logger().error({ err: error, sms: sms.id }, "scheduled SMS not settled here; the recovery job will"),
      ),
    ),
  );
  return claimed.length;
}

async function sendClaimed(sms: SmsMessage, now: Date): Promise<void> {
  const reason = smsChargeReason(sms.toNumber, sms.segments);
  let plan: SmsPlan | string;
  try {
    // A rule changed while it waited: its window is closed now, so it waits for the next opening.
    const closed = await closedWindow({ countryIso: sms.countryIso, category: sms.category, at: now });
    if (closed) {
      await sql().query(
        `UPDATE sms_messages SET status = 'scheduled', scheduled_at = $2, updated_at = now()
         WHERE id = $1 AND status = 'pending'`,
        [sms.id, closed.opensAt],
      );
      return;
    }
    plan = await planFor(sms);
  } catch (error) {
    // Nothing was handed over: it waits again, for the next tick, rather than being left to the recovery job.
    await sql().query(
      `UPDATE sms_messages SET status = 'scheduled', updated_at = now() WHERE id = $1 AND status = 'pending'`,
      [sms.id],
    );
    throw error;
  }
  if (typeof plan === "string") {
    Object.assign(sms, { status: "failed", errorCode: "not_sent", errorMessage: plan, updatedAt: new Date() });
    await markSmsFailed(sms, `Refund: ${reason}`);
    return;
  }
  try {
    await deliverPendingSms({ sms, plan, reason, message: sms.body, handOff: workerHandOff() });
  } catch (error) {
    // A carrier's refusal is settled (failed, refunded, sms.failed) before it is thrown: nothing is left to do.
    if (!isAppError(error)) throw error;
  }
}

/** The plan to send a claimed message by, or why it cannot go (it is then failed and refunded). */
async function planFor(sms: SmsMessage): Promise<SmsPlan | string> {
  const account = await db().account.findUnique({ where: { id: sms.accountId }, select: { status: true } });
  if (account?.status !== "active") return "The account was suspended before the message's window opened";
  const route = await resolveRoute({ countryIso: sms.countryIso, region: sms.region }).catch(() => null);
  if (!route) return `${sms.countryIso} is no longer a destination Kasa sends to`;
  const carriers = await pickCarriers(sms.route, sms.mode, sms.network);
  if (!carriers.length) return "Live SMS is no longer configured on this deployment";
  return {
    to: sms.toNumber,
    sender: sms.sender,
    network: sms.network,
    category: sms.category,
    counts: {
      encoding: sms.encoding as Encoding,
      characters: sms.characters,
      units: sms.characters,
      segments: sms.segments,
    },
    route,
    priceMicros: sms.priceMicros,
    carriers,
    scheduledAt: null,
  };
}

/**
 * The worker's hand-off: a carrier that makes it wait (SMPP's window) is given up on at half the recovery job's
 * deadline, so a message is never still being handed over when that job settles it as unknown.
 */
function workerHandOff(): HandOff {
  const limitMs = (sendRecoveryAfterS() * 1000) / 2;
  const signal = AbortSignal.timeout(limitMs);
  const started = Date.now();
  return { commit: () => {}, signal, remainingMs: () => Math.max(0, limitMs - (Date.now() - started)) };
}
