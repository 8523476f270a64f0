// One way to show a time across the dashboard and the staff console: the month
// by name (23 Nov 2026), so no reader takes 03/11 for March or November
// whatever their browser's locale, 24-hour clock, in UTC (pages say so).
const UTC = { timeZone: "UTC", hour12: false } as const;

/** 23 Nov 2026, 17:44:30 */
export const DATE_TIME = new Intl.DateTimeFormat("en-GB", {
  ...UTC,
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** 23 Nov 2026, 17:44 */
export const DATE_TIME_MINUTES = new Intl.DateTimeFormat("en-GB", {
  ...UTC,
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** 23 Nov 2026 */
export const DATE_ONLY = new Intl.DateTimeFormat("en-GB", { ...UTC, day: "numeric", month: "short", year: "numeric" });

/** 23 Nov 2026, 17:44 UTC: a time on a page that does not otherwise say its zone. */
export function utcTime(at: Date | string): string {
  return `${DATE_TIME_MINUTES.format(new Date(at))} UTC`;
}
