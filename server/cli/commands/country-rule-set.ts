import { defineCommand, optional, required, UsageError } from "../command";
import { cliActor } from "../../modules/audit/record-audit";
import { RULE_CATEGORIES, setCountryRule } from "../../modules/coverage/set-country-rule";
import { describeWindow, minuteOfClock, parseDays } from "../../modules/coverage/sending-window";

/** When a category of SMS may go out in a country, local time (docs/ghana: "Promotional windows"). */
export default defineCommand({
  name: "country-rule set",
  usage:
    "country-rule set <CC> --category promotional [--window HH:MM-HH:MM | --all-day] [--days mon-sat] [--time-zone ZONE] [--consent required|not-required] [--description TEXT] [--json]",
  positional: "country",
  options: {
    category: { type: "string" },
    window: { type: "string" },
    "all-day": { type: "boolean" },
    days: { type: "string" },
    "time-zone": { type: "string" },
    consent: { type: "string" },
    description: { type: "string" },
  },
  parse(values) {
    const countryIso = required(values, "country").toUpperCase();
    if (!/^[A-Z]{2}$/.test(countryIso))
      throw new UsageError(`the country is an ISO 3166-1 alpha-2 code: ${values.country}`);
    const category = required(values, "category") as (typeof RULE_CATEGORIES)[number];
    if (!RULE_CATEGORIES.includes(category))
      throw new UsageError(
        `--category is ${RULE_CATEGORIES.join(" or ")} (transactional messages are never held): ${values.category}`,
      );
    const window = optional(values, "window");
    if (window && values["all-day"] === true) throw new UsageError("give --window or --all-day, not both");
    if (!window && values["all-day"] !== true) throw new UsageError("--window HH:MM-HH:MM or --all-day is required");
    let opensMinute: number | null = null;
    let closesMinute: number | null = null;
    if (window) {
      const [opens, closes, extra] = window.split("-");
      opensMinute = minuteOfClock(opens ?? "");
      closesMinute = minuteOfClock(closes ?? "");
      if (opensMinute === null || closesMinute === null || extra !== undefined || opensMinute === closesMinute)
        throw new UsageError(`--window is two different times of day, HH:MM-HH:MM (e.g. 08:00-19:00): ${window}`);
    }
    const daysText = optional(values, "days") ?? "sun-sat";
    const days = parseDays(daysText);
    if (!days) throw new UsageError(`--days names weekdays, as mon-sat or mon,wed,fri: ${daysText}`);
    const consent = optional(values, "consent");
    if (consent !== undefined && consent !== "required" && consent !== "not-required")
      throw new UsageError(`--consent is required or not-required: ${consent}`);
    return {
      countryIso,
      category,
      requiresConsent: consent === undefined ? undefined : consent === "required",
      days,
      opensMinute,
      closesMinute,
      timeZone: optional(values, "time-zone"),
      description: optional(values, "description"),
    };
  },
  async run(rule) {
    const saved = await setCountryRule({ rule, actor: cliActor() });
    return {
      json: { country_rule: saved },
      text: `${saved.countryIso} ${saved.category} SMS: ${describeWindow(saved)}${saved.requiresConsent ? ", consent required" : ""}`,
    };
  },
});
