// How long each kind of history is kept, in days (README, "Configuration"; docs/decisions.md for the defaults).
// Money rows (ledger entries, transactions, payments) are never removed, whatever these say.
const DEFAULT_DAYS = {
  KASA_REQUEST_LOG_RETENTION_DAYS: 90,
  KASA_EVENT_RETENTION_DAYS: 90,
  KASA_WEBHOOK_DELIVERY_RETENTION_DAYS: 30,
  KASA_VERIFICATION_RETENTION_DAYS: 90,
} as const;

type RetentionSetting = keyof typeof DEFAULT_DAYS;

/** The setting's whole number of days, at least 1; a value that is not one is refused loudly, not guessed at. */
export function retentionDays(setting: RetentionSetting): number {
  const raw = process.env[setting]?.trim();
  if (!raw) return DEFAULT_DAYS[setting];
  const days = Number(raw);
  if (!Number.isInteger(days) || days < 1) throw new Error(`${setting} must be a whole number of days, at least 1`);
  return days;
}

/** The moment before which the setting's history may be removed. */
export function retentionCutoff(setting: RetentionSetting, now = new Date()): Date {
  return new Date(now.getTime() - retentionDays(setting) * 86_400_000);
}
