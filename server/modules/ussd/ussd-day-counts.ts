// USSD sessions per day by how they ended, from the day counters ("ussd.<ended_reason>", kept by the sessions'
// trigger when a session ends, on the day it opened): the USSD page's chart and the Usage page's USSD row.
import type { DayCount } from "../overview/daily-counts";
import { ENDED_REASONS, type EndedReason } from "./schemas";

/** Endings a plan's limit did not count: the dial was refused before a session was under way. */
const REFUSED: readonly EndedReason[] = ["rate_limited", "insufficient_balance"];

const reasonOf = (metric: string): EndedReason | null => {
  const reason = metric.startsWith("ussd.") ? metric.slice("ussd.".length) : null;
  return ENDED_REASONS.includes(reason as EndedReason) ? (reason as EndedReason) : null;
};

/** Sessions per day by ending, for `days` (UTC dates), from one mode's counters. */
export function sessionsByEnding(counts: DayCount[], days: string[]): Record<EndedReason, number>[] {
  const byDay = new Map(days.map((d) => [d, Object.fromEntries(ENDED_REASONS.map((r) => [r, 0]))]));
  for (const c of counts) {
    const reason = reasonOf(c.metric);
    const day = byDay.get(c.day);
    if (reason && day) day[reason]! += c.value;
  }
  return days.map((d) => byDay.get(d) as Record<EndedReason, number>);
}

/** Sessions per day that counted against the plan's limits (every ending but a refused dial). */
export function sessionsUsingQuota(counts: DayCount[]): Map<string, number> {
  const perDay = new Map<string, number>();
  for (const c of counts) {
    const reason = reasonOf(c.metric);
    if (reason && !REFUSED.includes(reason)) perDay.set(c.day, (perDay.get(c.day) ?? 0) + c.value);
  }
  return perDay;
}
