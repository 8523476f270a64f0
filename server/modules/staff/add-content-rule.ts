import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { forgetCoverage } from "../coverage/coverage-cache";
import { requireReason, staffActor, type Staff } from "./staff-actor";

export type NewContentRule = {
  countryIso: string;
  category: "transactional" | "promotional";
  blockedWeekdays: number[];
  blockedFromHour: number | null;
  blockedToHour: number | null;
  timeZone: string;
  description: string;
  reason: string;
};

/** Staff add a country content rule (data, not code): applied to sends within the coverage cache's 30 s. */
export async function addContentRule(staff: Staff, rule: NewContentRule) {
  const reason = requireReason(rule.reason);
  if (!(await db().country.findUnique({ where: { iso2: rule.countryIso } })))
    throw new AppError("INVALID_COUNTRY", { message: `Unknown country ${rule.countryIso}` });
  try {
    new Intl.DateTimeFormat("en", { timeZone: rule.timeZone });
  } catch {
    throw new AppError("INVALID_REQUEST", { message: `Unknown time zone ${rule.timeZone}` });
  }
  const hours = rule.blockedFromHour !== null && rule.blockedToHour !== null;
  if (!rule.blockedWeekdays.length && !hours)
    throw new AppError("INVALID_REQUEST", { message: "A rule blocks some weekdays, some hours, or both" });
  if (
    rule.blockedWeekdays.some((d) => !Number.isInteger(d) || d < 0 || d > 6) ||
    (hours && [rule.blockedFromHour, rule.blockedToHour].some((h) => !Number.isInteger(h) || h! < 0 || h! > 23))
  ) {
    throw new AppError("INVALID_REQUEST", { message: "Weekdays are 0 (Sunday) to 6; hours are 0 to 23" });
  }
  const id = `${rule.countryIso.toLowerCase()}_${rule.category}_${Date.now().toString(36)}`;
  await db().smsContentRule.create({
    data: {
      id,
      countryIso: rule.countryIso,
      category: rule.category,
      blockedWeekdays: rule.blockedWeekdays,
      blockedFromHour: hours ? rule.blockedFromHour : null,
      blockedToHour: hours ? rule.blockedToHour : null,
      timeZone: rule.timeZone,
      description: rule.description,
    },
  });
  await recordAudit({
    actor: staffActor(staff),
    action: "content_rule.add",
    target: id,
    reason,
    data: { ...rule, reason: undefined },
  });
  forgetCoverage();
  return { id };
}
