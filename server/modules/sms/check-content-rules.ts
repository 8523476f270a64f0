import { coverage } from "../coverage/coverage-cache";
import { AppError } from "../../errors/app-error";

/**
 * Country content rules are rows in sms_content_rules, not code: a category of
 * traffic refused on some weekdays (0 = Sunday) or between some hours, in the
 * country's own time zone. Staff add or change them without a deploy.
 */
export async function checkContentRules(input: { countryIso: string; category: string; at?: Date }): Promise<void> {
  const rules = (await coverage()).contentRules.filter(
    (r) => r.countryIso === input.countryIso && r.category === input.category,
  );
  const at = input.at ?? new Date();
  for (const rule of rules) {
    const local = localTime(at, rule.timeZone);
    const dayBlocked = rule.blockedWeekdays.includes(local.weekday);
    const hourBlocked =
      rule.blockedFromHour !== null &&
      rule.blockedToHour !== null &&
      inHours(local.hour, rule.blockedFromHour, rule.blockedToHour);
    if (dayBlocked || hourBlocked) {
      throw new AppError("SMS_SEND_FAILED", {
        status: 400,
        message: `${rule.description}; nothing was charged`,
        context: { reason: "content_rule", rule: rule.id, country: input.countryIso },
      });
    }
  }
}

function localTime(at: Date, timeZone: string): { weekday: number; hour: number } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    hour: "numeric",
    hourCycle: "h23",
  }).formatToParts(at);
  const weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(
    parts.find((p) => p.type === "weekday")!.value,
  );
  return { weekday, hour: Number(parts.find((p) => p.type === "hour")!.value) };
}

/** [from, to) in hours, wrapping past midnight when from > to (e.g. 21 to 8). */
function inHours(hour: number, from: number, to: number): boolean {
  return from <= to ? hour >= from && hour < to : hour >= from || hour < to;
}
