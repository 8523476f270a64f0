import type { Loop } from "./loop";

// The worker's jobs. Webhook delivery (issue #5), purchase reconciliation
// (issue #7) and the rest register here as they land.
export const LOOPS: Loop[] = [];
