import { promises as dns } from "node:dns";
import { config } from "../config/config";

/**
 * The resolver domain checks and webhook address checks use: the system's, or the servers in
 * KASA_DNS_SERVERS ("1.1.1.1,8.8.8.8" or "127.0.0.1:5353" in tests).
 */
export function configuredResolver(): dns.Resolver {
  const resolver = new dns.Resolver({ timeout: 3_000, tries: 2 });
  const servers = config().KASA_DNS_SERVERS;
  if (servers.length) resolver.setServers(servers);
  return resolver;
}
