// The sender a message leaves from when it names none (SPEC 4.3: "always
// works"). Where the country's carriers carry alphanumeric sender IDs it is
// the deployment's name (KASA_SMS_DEFAULT_SENDER, "Kasa"); where they do not
// (the United States, Canada, China...) it is a number of the deployment's,
// per country or for all (KASA_SMS_DEFAULT_NUMBERS="US=+14155550123,*=+1..."),
// and test keys fall back to a sandbox number. A live send to such a country
// with no number configured is a clear 503 naming the country and the
// setting, never a refusal from the carrier.
import { AppError } from "../../errors/app-error";
import type { CoverageCountry } from "../coverage/coverage-cache";
import { config } from "../../config/config";

export const DEFAULT_SENDER = () => config().KASA_SMS_DEFAULT_SENDER ?? "Kasa";
/** Test keys' number where a number is needed and none is configured (Twilio's magic "valid" From number). */
export const SANDBOX_DEFAULT_NUMBER = "+15005550006";

function configuredNumbers(): Map<string, string> {
  const numbers = new Map<string, string>();
  // Each pair's form (COUNTRY=+E164) was checked when the configuration was read.
  for (const pair of config().KASA_SMS_DEFAULT_NUMBERS) {
    const [country, number] = pair.split("=") as [string, string];
    numbers.set(country.toUpperCase(), number);
  }
  return numbers;
}

/** What the coverage table shows: the default each country gets on live keys (null: a number is needed and none is set). */
export function defaultSenderOf(country: Pick<CoverageCountry, "iso2" | "senderIdSupported">): {
  type: "alphanumeric" | "number";
  sender: string | null;
} {
  if (country.senderIdSupported) return { type: "alphanumeric", sender: DEFAULT_SENDER() };
  const numbers = configuredNumbers();
  return { type: "number", sender: numbers.get(country.iso2) ?? numbers.get("*") ?? null };
}

export function defaultSenderFor(
  country: Pick<CoverageCountry, "iso2" | "name" | "senderIdSupported">,
  mode: "test" | "live",
): string {
  const { sender } = defaultSenderOf(country);
  if (sender) return sender;
  if (mode === "test") return SANDBOX_DEFAULT_NUMBER;
  throw new AppError("SERVICE_UNAVAILABLE", {
    message: `Carriers in ${country.name} (${country.iso2}) need a phone number as the sender, and this deployment has none for it: set KASA_SMS_DEFAULT_NUMBERS (e.g. ${country.iso2}=+1...), or send "from" a number you verified; nothing was charged`,
    context: {
      service: "sms",
      reason: "no_default_number",
      country: country.iso2,
      setting: "KASA_SMS_DEFAULT_NUMBERS",
    },
  });
}
