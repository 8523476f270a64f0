import type { Loop } from "./loop";
import { applySandboxReceipts } from "../modules/sms/apply-sandbox-receipts";
import { pumpWebhookDeliveries } from "../modules/webhooks/deliver-due-webhooks";
import { markStaleSmsUnknown } from "../modules/sms/mark-stale-sms-unknown";
import { reconcileTopups } from "../modules/topups/reconcile-topups";
import { settleStuckSends } from "../modules/operations/settle-stuck-sends";
import { applyPendingReceipts } from "../modules/sms/apply-carrier-receipt";
import { expirePendingDomains } from "../modules/domains/expire-pending-domains";
import { purgeVerificationSends } from "../modules/senders/purge-verification-sends";
import { purgeSignInFailures } from "../modules/users/sign-in-throttle";
import { purgeSystemMailSends } from "../modules/system-mail/mail-throttle";
import { purgeSpentAuthRows } from "../modules/users/purge-spent-auth-rows";
import { sendDueScheduledEmails } from "../modules/email/send-due-scheduled-emails";
import { sendDueScheduledSms } from "../modules/sms/send-due-scheduled-sms";
import { maintainLogPartitions } from "../modules/requestlog/log-partitions";
import { purgeExpiredHistory } from "../modules/operations/purge-expired-history";
import { foldDailyCounts } from "../modules/overview/fold-daily-counts";
import { foldDeliveryCounts } from "../modules/insights/fold-delivery-counts";
import { enableBusyAccountsViews } from "../modules/insights/enable-delivery-views";
import { checkDeliveryViews } from "../modules/insights/check-delivery-views";
import { syncAllWhatsappTemplates } from "../modules/whatsapp/sync-whatsapp-templates";
import { applyDueWhatsappPayloads } from "../modules/whatsapp/apply-whatsapp-payload";
import { settleWhatsappSends } from "../modules/whatsapp/settle-whatsapp-sends";
import { fallBackDueVerifications } from "../modules/verify/fall-back-to-sms";
import { expireVerifications } from "../modules/verify/expire-verifications";
import { pumpBroadcasts } from "../modules/broadcasts/run-broadcasts";
import { releaseStaleLookups } from "../modules/lookup/lookup-charges";
import { evaluateCarrierAlerts } from "../modules/operations/evaluate-carrier-alerts";
import { endIdleUssdSessions } from "../modules/ussd/end-idle-ussd-sessions";

// The worker's jobs, each on its own timer.
export const LOOPS: Loop[] = [
  { name: "webhook-delivery", intervalMs: 250, run: (signal) => pumpWebhookDeliveries(signal) },
  { name: "scheduled-email", intervalMs: 1_000, run: () => sendDueScheduledEmails() },
  // Promotional SMS that waited for their country's window (issue #40).
  { name: "scheduled-sms", intervalMs: 1_000, run: () => sendDueScheduledSms() },
  { name: "sms-sandbox-receipts", intervalMs: 1_000, run: () => applySandboxReceipts() },
  { name: "topup-reconciliation", intervalMs: 5_000, run: () => reconcileTopups() },
  { name: "sms-receipt-timeout", intervalMs: 60_000, run: () => markStaleSmsUnknown() },
  { name: "settle-stuck-sends", intervalMs: 5_000, run: async () => total(await settleStuckSends()) },
  { name: "early-receipts", intervalMs: 2_000, run: () => applyPendingReceipts() },
  { name: "pending-domain-expiry", intervalMs: 60 * 60_000, run: () => expirePendingDomains() },
  { name: "verification-send-purge", intervalMs: 60 * 60_000, run: () => purgeVerificationSends() },
  { name: "sign-in-failure-purge", intervalMs: 60 * 60_000, run: () => purgeSignInFailures() },
  { name: "system-mail-purge", intervalMs: 60 * 60_000, run: () => purgeSystemMailSends() },
  { name: "auth-row-purge", intervalMs: 60 * 60_000, run: () => purgeSpentAuthRows() },
  { name: "request-log-partitions", intervalMs: 60 * 60_000, run: () => maintainLogPartitions() },
  // Every minute: a run deletes at most 100,000 rows a table, and a busy deployment makes millions of idempotency
  // records an hour.
  // Readers add what is not folded yet; folding often keeps what they add small.
  { name: "daily-counts", intervalMs: 5_000, run: () => foldDailyCounts() },
  { name: "delivery-counts", intervalMs: 5_000, run: () => foldDeliveryCounts() },
  // Busy accounts' delivery views turned on (their Insights read per dimension, not every combination).
  // Not in a worker's first hour: a deploy's older workers, which fold without the views, must have stopped first.
  {
    name: "delivery-views",
    intervalMs: 60 * 60_000,
    run: () => (process.uptime() < 3_600 ? Promise.resolve(0) : enableBusyAccountsViews()),
  },
  // Each account's views held to its daily counters, rebuilt where they differ (a bug must not live on in the pages).
  { name: "delivery-views-check", intervalMs: 6 * 60 * 60_000, run: () => checkDeliveryViews() },
  { name: "history-retention", intervalMs: 60_000, run: () => purgeExpiredHistory() },
  // Verifications past their time: expired, and a live one's code erased.
  { name: "verify-expiry", intervalMs: 15_000, run: () => expireVerifications() },
  // Broadcasts: due ones started, each sending one paced at its plan's per-minute rate (a second's share a tick).
  { name: "broadcasts", intervalMs: 1_000, run: () => pumpBroadcasts() },
  // Lookup holds whose request died before settling them: released (their answers were never given).
  { name: "lookup-holds", intervalMs: 30_000, run: () => releaseStaleLookups() },
  // USSD sessions that heard nothing for KASA_USSD_IDLE_SECONDS: ended as timeout (and a live one charged, once).
  { name: "ussd-idle-sessions", intervalMs: 10_000, run: () => endIdleUssdSessions() },
  // Carriers as a whole: each carrier's delivered rate per network against its week, the kasa_carrier_* gauges, and
  // the alerts (and demotions) they open and close. Every minute, not on each scrape: a scrape costs no query.
  { name: "carrier-alerts", intervalMs: 60_000, run: () => evaluateCarrierAlerts() },
  // WhatsApp templates read again from Meta (their status changes raise whatsapp.template_updated).
  { name: "whatsapp-templates", intervalMs: 15 * 60_000, run: () => syncAllWhatsappTemplates() },
  // Meta's posts the webhook could not apply at once, and the sandbox's simulated statuses when due.
  { name: "whatsapp-payloads", intervalMs: 1_000, run: () => applyDueWhatsappPayloads() },
  // Sends whose process died before Meta answered (unknown, held), and holds Meta never settled (captured).
  { name: "whatsapp-settle", intervalMs: 30_000, run: async () => total(await settleWhatsappSends()) },
  // Verify's channel auto: the SMS with the same code when WhatsApp failed or did not deliver in time.
  { name: "verify-fallback", intervalMs: 1_000, run: () => fallBackDueVerifications() },
];

function total(counts: Record<string, number>): number {
  return Object.values(counts).reduce((a, b) => a + b, 0);
}
