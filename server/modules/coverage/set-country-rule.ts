// A country rule set or withdrawn, by staff in the console or an operator with
// the CLI (country-rule set GH --category promotional --window 08:00-19:00
// --days mon-sat): one rule per country and category, checked whole before
// anything is written, audited, and applied by every instance within the
// coverage cache's 30 s (this one at once).
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { forgetCoverage } from "./coverage-cache";
import { describeWindow } from "./sending-window";

/**
 * Only promotion is held to a window or to consent: a transactional message (a code, a receipt) that waited for
 * morning, or was held back for want of consent, would fail the person it is for (docs/decisions.md).
 */
export const RULE_CATEGORIES = ["promotional"] as const;

export type CountryRuleInput = {
  countryIso: string;
  category: (typeof RULE_CATEGORIES)[number];
  days: number[];
  /** Minutes after local midnight; both null for all day. */
  opensMinute: number | null;
  closesMinute: number | null;
  /** Kept from the rule it replaces when absent; required for a new one. */
  timeZone?: string;
  /** Promotional broadcasts there reach only contacts with consent on record; kept from the rule it replaces when absent. */
  requiresConsent?: boolean;
  description?: string;
};

export async function setCountryRule({
  rule,
  actor,
  reason,
}: {
  rule: CountryRuleInput;
  actor: string;
  reason?: string;
}) {
  const countryIso = rule.countryIso.toUpperCase();
  if (!(await db().country.findUnique({ where: { iso2: countryIso } })))
    throw new AppError("INVALID_COUNTRY", { message: `Unknown country ${rule.countryIso}` });
  const existing = await db().countryRule.findUnique({
    where: { countryIso_category: { countryIso, category: rule.category } },
  });
  const timeZone = rule.timeZone?.trim() || existing?.timeZone;
  if (!timeZone)
    throw new AppError("INVALID_REQUEST", {
      message: `${countryIso} has no ${rule.category} rule yet: give its time zone (e.g. Africa/Accra)`,
      context: { field: "time_zone" },
    });
  checkTimeZone(timeZone);
  const days = [...new Set(rule.days)].sort((a, b) => a - b);
  if (!days.length || days.some((d) => !Number.isInteger(d) || d < 0 || d > 6))
    throw new AppError("INVALID_REQUEST", {
      message: "A rule names at least one weekday, 0 (Sunday) to 6",
      context: { field: "days" },
    });
  const { opensMinute: opens, closesMinute: closes } = rule;
  if (
    (opens === null) !== (closes === null) ||
    [opens, closes].some((m) => m !== null && !inDay(m)) ||
    (opens !== null && opens === closes)
  )
    throw new AppError("INVALID_REQUEST", {
      message: "A window opens and closes at two different times of day (00:00 to 23:59), or is left out for all day",
      context: { field: "window" },
    });
  const data = {
    days,
    opensMinute: opens,
    closesMinute: closes,
    timeZone,
    requiresConsent: rule.requiresConsent ?? existing?.requiresConsent ?? false,
  };
  const description = rule.description?.trim() || `${rule.category} SMS to ${countryIso}: ${describeWindow(data)}`;
  const saved = await db().countryRule.upsert({
    where: { countryIso_category: { countryIso, category: rule.category } },
    create: { countryIso, category: rule.category, ...data, description },
    update: { ...data, description, updatedAt: new Date() },
  });
  await recordAudit({
    actor,
    action: existing ? "country_rule.update" : "country_rule.add",
    target: `${countryIso}/${rule.category}`,
    reason,
    data: { ...data, description, before: existing ? describeWindow(existing) : null },
  });
  forgetCoverage();
  return saved;
}

export async function removeCountryRule({
  countryIso,
  category,
  actor,
  reason,
}: {
  countryIso: string;
  category: string;
  actor: string;
  reason?: string;
}) {
  const iso = countryIso.toUpperCase();
  const { count } = await db().countryRule.deleteMany({ where: { countryIso: iso, category } });
  if (!count) throw new AppError("NOT_FOUND", { message: `${iso} has no ${category} rule` });
  await recordAudit({ actor, action: "country_rule.remove", target: `${iso}/${category}`, reason });
  forgetCoverage();
  return { country: iso, category, deleted: true };
}

function inDay(minute: number) {
  return Number.isInteger(minute) && minute >= 0 && minute < 24 * 60;
}

function checkTimeZone(timeZone: string) {
  try {
    new Intl.DateTimeFormat("en", { timeZone });
  } catch {
    throw new AppError("INVALID_REQUEST", {
      message: `Unknown time zone ${timeZone}`,
      context: { field: "time_zone" },
    });
  }
}
