// A carrier bound over SMPP is configured by one URL:
//   smpp://system_id:password@host:port?window=10&enquire_link_s=30&timeout_s=10&bind_wait_ms=2000&reason.027=absent_subscriber
// window: submit_sm in flight at once; reason.<err>: what a receipt's err code means (carriers differ);
// ussd.*: the bind's USSD profile (ussd-profile.ts).
import { parseUssdProfile, type UssdProfile } from "./ussd-profile";

export type SmppConfig = {
  host: string;
  port: number;
  systemId: string;
  password: string;
  systemType: string;
  window: number;
  enquireLinkS: number;
  timeoutMs: number;
  bindWaitMs: number;
  reasons: Record<string, string>;
  ussd: UssdProfile;
};

export function parseSmppUrl(raw: string): SmppConfig {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error("the SMPP carrier URL is not a URL");
  }
  if (url.protocol !== "smpp:") throw new Error(`SMPP carrier URL must start with smpp:// (got ${url.protocol})`);
  if (!url.hostname) throw new Error("the SMPP carrier URL has no host");
  const q = url.searchParams;
  const num = (name: string, fallback: number) => {
    if (!q.has(name)) return fallback;
    const value = Number(q.get(name));
    if (!Number.isInteger(value) || value < 0) throw new Error(`the SMPP carrier URL's ${name} must be a whole number`);
    return value;
  };
  const reasons: Record<string, string> = {};
  for (const [key, value] of q) if (key.startsWith("reason.")) reasons[key.slice(7)] = value;
  return {
    host: url.hostname,
    port: Number(url.port || 2775),
    systemId: decoded(url.username),
    password: decoded(url.password),
    systemType: q.get("system_type") ?? "",
    window: num("window", 10),
    enquireLinkS: num("enquire_link_s", 30),
    timeoutMs: num("timeout_s", 10) * 1000,
    bindWaitMs: num("bind_wait_ms", 2_000),
    reasons,
    ussd: parseUssdProfile(q),
  };
}

function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new Error("the SMPP carrier URL's credentials are not valid percent-encoding");
  }
}
