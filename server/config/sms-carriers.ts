// Which carriers a deployment has, from the environment (credentials never
// live in the database). SMS_CARRIERS lists them by name, in default order:
//   SMS_CARRIERS="mtn=smpp://kasa:pw@smsc.example:2775?window=20,at=africastalking://myapp:KEY@api.africastalking.com"
// Schemes: smpp:// (SMPP v3.4 bind), twilio:// (Twilio's Messages API, SID:token),
// africastalking:// (username:API key). A "+http" suffix (twilio+http://) speaks
// plain HTTP, for local peers in tests. SMPP_URL and TWILIO_* remain as shorthands
// for one carrier named "smpp" or "twilio".
import { parseSmppUrl, type SmppConfig } from "./smpp/smpp-config";
import type { TwilioConfig } from "./twilio";
import type { AfricasTalkingConfig } from "./africas-talking";

export type CarrierConfig =
  | { name: string; kind: "smpp"; smpp: SmppConfig }
  | { name: string; kind: "twilio"; twilio: TwilioConfig }
  | { name: string; kind: "africastalking"; africasTalking: AfricasTalkingConfig };

export function carrierConfigs(env: NodeJS.ProcessEnv = process.env): CarrierConfig[] {
  const configs: CarrierConfig[] = [];
  for (const entry of (env.SMS_CARRIERS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const at = entry.indexOf("=");
    if (at < 1) throw new Error(`SMS_CARRIERS: "${entry}" is not name=url`);
    configs.push(parseCarrier(entry.slice(0, at).trim(), entry.slice(at + 1).trim()));
  }
  const named = (name: string) => configs.some((c) => c.name === name);
  if (env.SMPP_URL && !named("smpp")) configs.push({ name: "smpp", kind: "smpp", smpp: parseSmppUrl(env.SMPP_URL) });
  if (env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && !named("twilio")) {
    configs.push({
      name: "twilio",
      kind: "twilio",
      twilio: {
        baseUrl: (env.TWILIO_API_BASE_URL ?? "https://api.twilio.com").replace(/\/+$/, ""),
        accountSid: env.TWILIO_ACCOUNT_SID,
        authToken: env.TWILIO_AUTH_TOKEN,
        timeoutMs: Number(env.TWILIO_TIMEOUT_MS ?? 10_000),
      },
    });
  }
  return configs;
}

function parseCarrier(name: string, raw: string): CarrierConfig {
  if (!/^[a-z0-9][a-z0-9_-]{0,31}$/.test(name))
    throw new Error(`SMS_CARRIERS: carrier name "${name}" must be lowercase letters, digits, - or _`);
  const url = new URL(raw);
  const [scheme, transport] = url.protocol.replace(/:$/, "").split("+");
  const base = `${transport === "http" ? "http" : "https"}://${url.host}`;
  const timeoutMs = Number(url.searchParams.get("timeout_s") ?? 10) * 1000;
  switch (scheme) {
    case "smpp":
      return { name, kind: "smpp", smpp: parseSmppUrl(raw) };
    case "twilio":
      return {
        name,
        kind: "twilio",
        twilio: {
          baseUrl: base,
          accountSid: decodeURIComponent(url.username),
          authToken: decodeURIComponent(url.password),
          timeoutMs,
        },
      };
    case "africastalking":
      return {
        name,
        kind: "africastalking",
        africasTalking: {
          baseUrl: base,
          username: decodeURIComponent(url.username),
          apiKey: decodeURIComponent(url.password),
          timeoutMs,
          callbackToken: url.searchParams.get("callback_token") ?? undefined,
        },
      };
    default:
      throw new Error(`SMS_CARRIERS: unknown carrier scheme ${url.protocol} for "${name}"`);
  }
}
