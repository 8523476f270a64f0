// Outbound HTTP to customer URLs never reaches our own network (DESIGN.md):
// loopback, private, link-local (and the cloud metadata address in it), CGNAT,
// unspecified and multicast addresses are refused, IPv4 and IPv6, including
// IPv4-mapped IPv6. WEBHOOK_ALLOWED_HOSTS names hosts exempted for development and tests.
import { BlockList, isIP } from "node:net";
import { promises as dns } from "node:dns";

const blocked = new BlockList();
for (const [net, prefix] of [["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12], ["192.0.0.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["224.0.0.0", 4], ["240.0.0.0", 4]] as const) {
  blocked.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [["::", 128], ["::1", 128], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8]] as const) blocked.addSubnet(net, prefix, "ipv6");

export function isForbiddenAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, "ipv4");
  const family = isIP(address);
  return family === 0 || blocked.check(address, family === 4 ? "ipv4" : "ipv6");
}

export function allowedHosts(): Set<string> {
  return new Set((process.env.WEBHOOK_ALLOWED_HOSTS ?? "").split(",").map((h) => h.trim().toLowerCase()).filter(Boolean));
}

/** Why this host may not receive webhooks, or null when it may. Resolves names; checks every address. */
export async function unsafeHostReason(hostname: string): Promise<string | null> {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (allowedHosts().has(host)) return null;
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      return `${host} does not resolve`;
    }
  }
  const bad = addresses.find(isForbiddenAddress);
  return bad ? `${host} resolves to ${bad}, a private, loopback, link-local or reserved address` : null;
}
