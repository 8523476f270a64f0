// When a country rule lets a category of SMS go out: allowed weekdays and a
// daily window, both in the country's own time zone (Ghana's promotional SMS:
// 08:00-19:00, Monday to Saturday, Accra time). Luxon does the time-zone
// arithmetic, daylight-saving gaps included (a window opening inside a gap
// opens at the gap's end).
import { DateTime } from "luxon";

export type WindowRule = {
  /** Weekdays it may go out, 0 = Sunday. */
  days: number[];
  /** [opens, closes) in minutes after local midnight, past midnight when opens > closes; null = all day. */
  opensMinute: number | null;
  closesMinute: number | null;
  timeZone: string;
};

export type WindowState = { open: true; closesAt: Date | null } | { open: false; opensAt: Date };

export function windowAt(rule: WindowRule, at: Date): WindowState {
  const local = DateTime.fromJSDate(at, { zone: rule.timeZone });
  if (isOpen(rule, local)) return { open: true, closesAt: nextClose(rule, local) };
  return { open: false, opensAt: nextOpening(rule, local) };
}

function weekday(local: DateTime): number {
  return local.weekday % 7;
}

function minuteOf(local: DateTime): number {
  return local.hour * 60 + local.minute;
}

function isOpen(rule: WindowRule, local: DateTime): boolean {
  const day = weekday(local);
  const m = minuteOf(local);
  const { opensMinute: opens, closesMinute: closes } = rule;
  if (opens === null || closes === null) return rule.days.includes(day);
  if (opens < closes) return rule.days.includes(day) && m >= opens && m < closes;
  // A window past midnight belongs to the day it opens on.
  return (rule.days.includes(day) && m >= opens) || (rule.days.includes((day + 6) % 7) && m < closes);
}

function at(day: DateTime, minute: number): DateTime {
  return day.startOf("day").set({ hour: Math.floor(minute / 60), minute: minute % 60 });
}

function nextOpening(rule: WindowRule, local: DateTime): Date {
  for (let d = 0; d <= 8; d++) {
    const day = local.plus({ days: d });
    if (!rule.days.includes(weekday(day))) continue;
    const opening = at(day, rule.opensMinute ?? 0);
    if (opening > local) return opening.toJSDate();
  }
  // Days is never empty (the table's check): a week and a day always hold an opening.
  throw new Error("a country rule with no day to send on");
}

/** When an open window closes; null when it never does (every day, all day). */
function nextClose(rule: WindowRule, local: DateTime): Date | null {
  const { opensMinute: opens, closesMinute: closes } = rule;
  if (opens === null || closes === null) {
    if (rule.days.length === 7) return null;
    for (let d = 1; d <= 7; d++) {
      const day = local.plus({ days: d });
      if (!rule.days.includes(weekday(day))) return day.startOf("day").toJSDate();
    }
    return null;
  }
  const m = minuteOf(local);
  const closesTomorrow = opens > closes && m >= opens;
  return at(local.plus({ days: closesTomorrow ? 1 : 0 }), closes).toJSDate();
}

/** "08:00" from 480. */
export function clockOf(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
}

/** 480 from "08:00"; null when it is not a time of day. */
export function minuteOfClock(text: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

export const WEEKDAY_NAMES = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;

/** "mon-sat" or "mon,wed,fri" or "sat-mon" as weekdays (0 = Sunday); null when it names no day. */
export function parseDays(text: string): number[] | null {
  const days = new Set<number>();
  for (const part of text
    .toLowerCase()
    .split(",")
    .map((p) => p.trim())) {
    const [from, to] = part.split("-").map((d) => WEEKDAY_NAMES.indexOf(d as (typeof WEEKDAY_NAMES)[number]));
    if (from === undefined || from < 0 || (to !== undefined && to < 0) || part.split("-").length > 2) return null;
    for (let d = from; ; d = (d + 1) % 7) {
      days.add(d);
      if (to === undefined || d === to) break;
    }
  }
  return days.size ? [...days].sort((a, b) => a - b) : null;
}

/** "Mon–Sat 08:00–19:00 Africa/Accra": a rule as one line. */
export function describeWindow(rule: WindowRule): string {
  const names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
  const sorted = [...rule.days].sort((a, b) => a - b);
  const run = sorted.length > 2 && sorted.every((d, i) => i === 0 || d === sorted[i - 1]! + 1);
  const days =
    sorted.length === 7
      ? "every day"
      : run
        ? `${names[sorted[0]!]}–${names[sorted.at(-1)!]}`
        : sorted.map((d) => names[d]).join(", ");
  const hours =
    rule.opensMinute === null || rule.closesMinute === null
      ? "all day"
      : `${clockOf(rule.opensMinute)}–${clockOf(rule.closesMinute)}`;
  return `${days}, ${hours} (${rule.timeZone})`;
}
