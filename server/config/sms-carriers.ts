// Which carriers a deployment has, from its configuration (credentials never
// live in the database). SMS_CARRIERS lists them by name, in default order:
//   SMS_CARRIERS="mtn=smpp://kasa:pw@smsc.example:2775?window=20,at=africastalking://myapp:KEY@api.africastalking.com"
// Schemes: smpp:// (SMPP v3.4 bind), twilio:// (Twilio's Messages API, SID:token),
// africastalking:// (username:API key). A "+http" suffix (twilio+http://) speaks
// plain HTTP, for local peers in tests. SMPP_URL and TWILIO_* remain as shorthands
// for one carrier named "smpp" or "twilio". Parsed when the configuration is, so
// a malformed URL stops the process at start.
import { parseSmppUrl, type SmppConfig } from "./smpp-url";

export type TwilioConfig = { baseUrl: string; accountSid: string; authToken: string; timeoutMs?: number };
export type AfricasTalkingConfig = {
  baseUrl: string;
  username: string;
  apiKey: string;
  timeoutMs?: number;
  callbackToken?: string;
};

export type CarrierConfig =
  | { name: string; kind: "smpp"; smpp: SmppConfig }
  | { name: string; kind: "twilio"; twilio: TwilioConfig }
  | { name: string; kind: "africastalking"; africasTalking: AfricasTalkingConfig };

export type CarrierSettings = {
  SMS_CARRIERS: string | undefined;
  SMPP_URL: string | undefined;
  TWILIO_ACCOUNT_SID: string | undefined;
  TWILIO_AUTH_TOKEN: string | undefined;
  TWILIO_API_BASE_URL: string;
  TWILIO_TIMEOUT_MS: number;
};

/** A carrier setting that cannot be read: which variable, and why. */
export class CarrierSettingError extends Error {
  constructor(
    readonly setting: keyof CarrierSettings,
    message: string,
  ) {
    super(message);
  }
}

const NAME = /^[a-z0-9][a-z0-9_-]{0,31}$/;

/**
 * The carriers the settings name. A refusal names an entry by its position, never by its text: the setting holds
 * passwords, and a URL given without its `name=` would otherwise be quoted as a name.
 */
export function carrierConfigs(settings: CarrierSettings): CarrierConfig[] {
  const configs: CarrierConfig[] = [];
  const entries = (settings.SMS_CARRIERS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const [i, entry] of entries.entries()) {
    const at = entry.indexOf("=");
    const name = entry.slice(0, Math.max(at, 0)).trim();
    if (at < 1 || !NAME.test(name))
      throw new CarrierSettingError(
        "SMS_CARRIERS",
        `entry ${i + 1} is not name=url (a name of lowercase letters, digits, - or _, then the carrier's URL)`,
      );
    if (configs.some((c) => c.name === name))
      throw new CarrierSettingError("SMS_CARRIERS", `entry ${i + 1}: carrier "${name}" is named twice`);
    configs.push(parseCarrier(name, entry.slice(at + 1).trim(), i + 1));
  }
  const named = (name: string) => configs.some((c) => c.name === name);
  if (settings.SMPP_URL && !named("smpp"))
    configs.push({ name: "smpp", kind: "smpp", smpp: readSmpp("SMPP_URL", settings.SMPP_URL) });
  if (settings.TWILIO_ACCOUNT_SID && settings.TWILIO_AUTH_TOKEN && !named("twilio")) {
    configs.push({
      name: "twilio",
      kind: "twilio",
      twilio: {
        baseUrl: settings.TWILIO_API_BASE_URL.replace(/\/+$/, ""),
        accountSid: settings.TWILIO_ACCOUNT_SID,
        authToken: settings.TWILIO_AUTH_TOKEN,
        timeoutMs: settings.TWILIO_TIMEOUT_MS,
      },
    });
  }
  return configs;
}

function parseCarrier(name: string, raw: string, position: number): CarrierConfig {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CarrierSettingError("SMS_CARRIERS", `the URL of carrier "${name}" is not a URL`);
  }
  const [scheme, transport] = url.protocol.replace(/:$/, "").split("+");
  if (transport !== undefined && transport !== "http")
    throw new CarrierSettingError("SMS_CARRIERS", `carrier "${name}": only "+http" may follow the scheme`);
  const base = `${transport === "http" ? "http" : "https"}://${url.host}`;
  const timeoutS = Number(url.searchParams.get("timeout_s") ?? 10);
  if (!(timeoutS > 0)) throw new CarrierSettingError("SMS_CARRIERS", `carrier "${name}": timeout_s must be above 0`);
  let credentials: { user: string; secret: string };
  try {
    credentials = { user: decodeURIComponent(url.username), secret: decodeURIComponent(url.password) };
  } catch {
    throw new CarrierSettingError("SMS_CARRIERS", `carrier "${name}": its credentials are not valid percent-encoding`);
  }
  switch (scheme) {
    case "smpp":
      return { name, kind: "smpp", smpp: readSmpp("SMS_CARRIERS", raw) };
    case "twilio":
      return {
        name,
        kind: "twilio",
        twilio: {
          baseUrl: base,
          accountSid: credentials.user,
          authToken: credentials.secret,
          timeoutMs: timeoutS * 1000,
        },
      };
    case "africastalking":
      return {
        name,
        kind: "africastalking",
        africasTalking: {
          baseUrl: base,
          username: credentials.user,
          apiKey: credentials.secret,
          timeoutMs: timeoutS * 1000,
          callbackToken: url.searchParams.get("callback_token") ?? undefined,
        },
      };
    default:
      throw new CarrierSettingError(
        "SMS_CARRIERS",
        `entry ${position}: unknown carrier scheme ${url.protocol} for "${name}"`,
      );
  }
}

function readSmpp(setting: "SMS_CARRIERS" | "SMPP_URL", raw: string): SmppConfig {
  try {
    return parseSmppUrl(raw);
  } catch (error) {
    throw new CarrierSettingError(setting, (error as Error).message);
  }
}
