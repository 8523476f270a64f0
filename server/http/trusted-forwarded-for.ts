import type { IncomingMessage } from "node:http";
import { config } from "../config/config";

/**
 * Rewrites X-Forwarded-For, before Next sees the request, to what can be
 * trusted: the entries the last KASA_TRUSTED_PROXY_HOPS proxies added (0 by
 * default: none), then the socket's peer. Whatever a client wrote into the
 * header itself is dropped, so the first hop, which the per-address throttles
 * count, is an address the client cannot choose.
 */
export function trustForwardedFor(req: IncomingMessage): void {
  const hops = config().KASA_TRUSTED_PROXY_HOPS;
  const given = String(req.headers["x-forwarded-for"] ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  const peer = req.socket.remoteAddress;
  req.headers["x-forwarded-for"] = [...(hops > 0 ? given.slice(-hops) : []), ...(peer ? [peer] : [])].join(", ");
}
