import { config } from "../../config/config";

/**
 * How long a send may stay pending before the recovery job settles it: longer
 * than any request can run (the route's carriers one after another, a top-up
 * provider's timeout), so a send still in progress is never taken from its
 * request. KASA_SEND_RECOVERY_AFTER_S, default 120 s.
 */
export function sendRecoveryAfterS(): number {
  return config().KASA_SEND_RECOVERY_AFTER_S;
}
