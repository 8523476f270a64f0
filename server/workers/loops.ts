import type { Loop } from "./loop";
import { purgeExpiredIdempotencyKeys } from "../modules/idempotency/idempotency-key";

// The worker's jobs. Webhook delivery (issue #5), purchase reconciliation
// (issue #7) and the rest register here as they land.
export const LOOPS: Loop[] = [
  { name: "idempotency-expiry", intervalMs: 10 * 60_000, run: async () => void (await purgeExpiredIdempotencyKeys()) },
];
