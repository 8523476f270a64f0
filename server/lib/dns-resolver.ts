import { promises as dns } from "node:dns";

/**
 * The resolver domain checks and webhook address checks use: the system's, or the servers in
 * KASA_DNS_SERVERS ("1.1.1.1,8.8.8.8" or "127.0.0.1:5353" in tests).
 */
export function configuredResolver(): dns.Resolver {
  const resolver = new dns.Resolver({ timeout: 3_000, tries: 2 });
  const servers = process.env.KASA_DNS_SERVERS?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (servers?.length) resolver.setServers(servers);
  return resolver;
}
