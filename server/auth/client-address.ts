/**
 * The address a request came from: the first X-Forwarded-For hop, which
 * server/web.ts has already rewritten to what can be trusted (the socket's
 * peer, or what the configured proxies added; server/http/trusted-forwarded-for.ts).
 */
export function clientAddress(headers: Headers | Record<string, unknown> | undefined): string | null {
  const forwarded =
    headers instanceof Headers ? headers.get("x-forwarded-for") : (headers?.["x-forwarded-for"] as unknown);
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.toString().split(",")[0]?.trim();
  return first || null;
}
