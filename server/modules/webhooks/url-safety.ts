// Outbound HTTP to customer URLs never reaches our own network (DESIGN.md):
// loopback, private, link-local (and the cloud metadata address in it), CGNAT,
// unspecified and multicast addresses are refused, IPv4 and IPv6, and so is
// every IPv6 range that carries an IPv4 address inside it (mapped ::ffff:0:0/96,
// compatible ::/96, NAT64 64:ff9b::/96, 6to4 2002::/16): no public service
// needs one, and each is a way to dial a private IPv4 through an IPv6 literal. WEBHOOK_ALLOWED_HOSTS names hosts exempted for development and tests.
import { BlockList, isIP } from "node:net";
import { promises as dns } from "node:dns";
import { configuredResolver } from "../../lib/dns-resolver";

const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(net, prefix, "ipv6");

// Kept apart: BlockList applies IPv6 rules covering mapped space to IPv4 addresses too, which would block them all.
const embedsIpv4 = new BlockList();
for (const [net, prefix] of [
  ["::", 96],
  ["::ffff:0:0", 96],
  ["64:ff9b::", 96],
  ["2002::", 16],
] as const)
  embedsIpv4.addSubnet(net, prefix, "ipv6");

export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return blocked.check(address, "ipv4");
  return blocked.check(address, "ipv6") || embedsIpv4.check(address, "ipv6");
}

export function allowedHosts(): Set<string> {
  return new Set(
    (process.env.WEBHOOK_ALLOWED_HOSTS ?? "")
      .split(",")
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );
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
  if (!process.env.KASA_DNS_SERVERS)
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
  return bad ? `${host} resolves to ${bad}, a private, loopback, link-local or reserved address` : null;
}

function bareHost(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, "").toLowerCase();
}
