import type { Loop } from "./loop";
import { purgeExpiredIdempotencyKeys } from "../modules/idempotency/idempotency-key";
import { applySandboxReceipts } from "../modules/sms/apply-sandbox-receipts";
import { pumpWebhookDeliveries } from "../modules/webhooks/deliver-due-webhooks";
import { markStaleSmsUnknown } from "../modules/sms/mark-stale-sms-unknown";

// The worker's jobs. Webhook delivery (issue #5), purchase reconciliation
// (issue #7) and the rest register here as they land.
export const LOOPS: Loop[] = [
  { name: "webhook-delivery", intervalMs: 250, run: (signal) => pumpWebhookDeliveries(signal) },
  { name: "sms-sandbox-receipts", intervalMs: 1_000, run: async () => void (await applySandboxReceipts()) },
  { name: "sms-receipt-timeout", intervalMs: 60_000, run: async () => void (await markStaleSmsUnknown()) },
  { name: "idempotency-expiry", intervalMs: 10 * 60_000, run: async () => void (await purgeExpiredIdempotencyKeys()) },
];
