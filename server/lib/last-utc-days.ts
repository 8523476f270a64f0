/** The `count` UTC dates (YYYY-MM-DD) up to and including `now`'s, oldest first: a chart's days. */
export function lastUtcDays(count: number, now = new Date()): string[] {
  return Array.from({ length: count }, (_, i) =>
    new Date(now.getTime() - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}
