// The short domain (KASA_SHORT_URL, e.g. https://k.example) points at the
// same deployment, and its links are `/<id>` under it, not `/l/<id>`: the
// front rewrites such a request to the route that serves short links
// (app/l/[id]) before the pages see it. Only on that host, so the app's own
// one-segment pages (/accounts, /signin) are never shadowed.
import { config } from "../config/config";
import { SHORT_ID_PATTERN } from "../modules/sms/short-links/shorten-body";

let parsed: { base: string; hostname: string; prefix: string } | undefined;

/** The path to serve instead (`/l/<id>`) when the request is for a link on the short domain; else null. */
export function shortDomainRewrite(host: string | undefined, url: string | undefined): string | null {
  const base = config().KASA_SHORT_URL;
  if (!base || !host || !url) return null;
  if (parsed?.base !== base) {
    const u = new URL(base);
    parsed = { base, hostname: u.hostname.toLowerCase(), prefix: u.pathname.replace(/\/+$/, "") };
  }
  // The Host header's name without its port: a proxy in front may or may not keep the port.
  if (host.replace(/:\d+$/, "").toLowerCase() !== parsed.hostname) return null;
  const path = url.split("?")[0]!;
  if (!path.startsWith(`${parsed.prefix}/`)) return null;
  const id = path.slice(parsed.prefix.length + 1);
  return SHORT_ID_PATTERN.test(id) ? `/l/${id}` : null;
}
