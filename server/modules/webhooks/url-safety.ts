// Outbound HTTP to customer URLs never reaches our own network (DESIGN.md):
// only a globally routed unicast address is dialled. ipaddr.js classifies
// each address against IANA's special-purpose registries (its `range()`), so
// loopback, private, link-local (and the cloud metadata address in it), CGNAT,
// reserved, documentation, unspecified and multicast are refused, IPv4 and
// IPv6, and so is every IPv6 range that carries an IPv4 address inside it:
// mapped (::ffff:0:0/96), translated (::ffff:0:0:0/96), NAT64 (64:ff9b::/96
// and the local 64:ff9b:1::/48), 6to4 (2002::/16) and Teredo (2001::/32). No
// public service needs one, and each is a way to dial a private IPv4 through
// an IPv6 literal. WEBHOOK_ALLOWED_HOSTS names hosts exempted for development
// and tests.
import { isIP } from "node:net";
import { promises as dns } from "node:dns";
import ipaddr from "ipaddr.js";
import { configuredResolver } from "../../lib/dns-resolver";
import { config } from "../../config/config";

export function isForbiddenAddress(address: string): boolean {
  if (!isIP(address)) return true;
  const ip = ipaddr.parse(address);
  if (ip.range() !== "unicast") return true;
  // The deprecated IPv4-compatible form (::a.b.c.d, RFC 4291 2.5.5.1) is no range of ipaddr.js's: its first 96
  // bits are zero, which no globally routed IPv6 address has.
  return ip.kind() === "ipv6" && (ip as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0);
}

export function allowedHosts(): Set<string> {
  return new Set(config().WEBHOOK_ALLOWED_HOSTS.map((h) => h.toLowerCase()));
}

/** Whether WEBHOOK_ALLOWED_HOSTS exempts this host (for development and tests). */
export function isAllowedHost(hostname: string): boolean {
  return allowedHosts().has(bareHost(hostname));
}

/** Every address a name resolves to: through KASA_DNS_SERVERS when set (as domain checks do), else the system's resolver. */
export async function resolveHost(hostname: string): Promise<{ address: string; family: 4 | 6 }[]> {
  const host = bareHost(hostname);
  const family = isIP(host);
  if (family) return [{ address: host, family: family as 4 | 6 }];
  // RFC 6761: localhost is loopback whatever a DNS server says about it.
  if (host === "localhost" || host.endsWith(".localhost"))
    return [
      { address: "127.0.0.1", family: 4 },
      { address: "::1", family: 6 },
    ];
  if (!config().KASA_DNS_SERVERS.length)
    return (await dns.lookup(host, { all: true, verbatim: true })).map((a) => ({
      address: a.address,
      family: a.family as 4 | 6,
    }));
  const resolver = configuredResolver();
  const [v4, v6] = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
  const found = [
    ...(v4.status === "fulfilled" ? v4.value.map((address) => ({ address, family: 4 as const })) : []),
    ...(v6.status === "fulfilled" ? v6.value.map((address) => ({ address, family: 6 as const })) : []),
  ];
  if (!found.length) throw Object.assign(new Error(`${host} does not resolve`), { code: "ENOTFOUND" });
  return found;
}

/** Why this host may not receive webhooks, or null when it may. Resolves names; checks every address. */
export async function unsafeHostReason(hostname: string): Promise<string | null> {
  const host = bareHost(hostname);
  if (isAllowedHost(host)) return null;
  let addresses: string[];
  try {
    addresses = (await resolveHost(host)).map((a) => a.address);
  } catch {
    return `${host} does not resolve`;
  }
  const bad = addresses.find(isForbiddenAddress);
  if (!bad) return null;
  const why = `${host} resolves to ${bad}, a private, loopback, link-local or reserved address`;
  // A developer trying webhooks on their own machine needs the way through; a customer of a production deployment
  // cannot change its settings, so there the rule alone is said (docs/decisions.md, Webhooks).
  return config().NODE_ENV === "production"
    ? `${why}; webhooks go to public addresses only`
    : `${why}; this is a development deployment: start it with WEBHOOK_ALLOWED_HOSTS=${host} to deliver there`;
}

function bareHost(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, "").toLowerCase();
}
