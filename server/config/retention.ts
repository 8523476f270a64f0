// How long each kind of history is kept, in days (README, "Configuration"; docs/decisions.md for the defaults).
// Money rows (ledger entries, transactions, payments) are never removed, whatever these say.
import { config } from "./config";

type RetentionSetting =
  | "KASA_REQUEST_LOG_RETENTION_DAYS"
  | "KASA_EVENT_RETENTION_DAYS"
  | "KASA_WEBHOOK_DELIVERY_RETENTION_DAYS"
  | "KASA_VERIFICATION_RETENTION_DAYS";

/** The setting's whole number of days, at least 1 (checked when the configuration is read). */
export function retentionDays(setting: RetentionSetting): number {
  return config()[setting];
}

/** The moment before which the setting's history may be removed. */
export function retentionCutoff(setting: RetentionSetting, now = new Date()): Date {
  return new Date(now.getTime() - retentionDays(setting) * 86_400_000);
}
