// The one way a person types a time into Kasa: ISO 8601 in UTC ("2026-11-23"
// or "2026-11-23 14:00"), the way the API writes times and every page shows
// them (format-time.ts), instead of a native picker that shows the browser's
// locale (11/23/2026) and local time.
const PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?$/;

/** The instant a typed UTC time means; a bare date is its first (or, with endOfDay, last) millisecond. Null if unreadable. */
export function parseUtcTime(text: string, { endOfDay = false } = {}): Date | null {
  const match = PATTERN.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  const bareDay = hour === undefined;
  if (!bareDay && (hour! > 23 || minute! > 59)) return null;
  const date = new Date(
    Date.UTC(
      year!,
      month! - 1,
      day!,
      bareDay ? (endOfDay ? 23 : 0) : hour!,
      bareDay ? (endOfDay ? 59 : 0) : minute!,
      bareDay && endOfDay ? 59 : 0,
      bareDay && endOfDay ? 999 : 0,
    ),
  );
  // 2026-02-31 would roll over to March: refuse it rather than guess.
  if (date.getUTCMonth() !== month! - 1 || date.getUTCDate() !== day) return null;
  return date;
}

/** How a time is written back into a field: "2026-11-23" or "2026-11-23 14:00". */
export function utcInputValue(date: Date, withTime: boolean): string {
  const iso = date.toISOString();
  return withTime ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : iso.slice(0, 10);
}
