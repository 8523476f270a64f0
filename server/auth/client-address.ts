/**
 * The address a request came from, as the proxy in front reports it (the
 * first X-Forwarded-For hop). A client that reaches the server directly can
 * forge it, which only moves the per-address counts; the per-email and
 * per-account counts cannot be dodged this way.
 */
export function clientAddress(headers: Headers | Record<string, unknown> | undefined): string | null {
  const forwarded =
    headers instanceof Headers ? headers.get("x-forwarded-for") : (headers?.["x-forwarded-for"] as unknown);
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.toString().split(",")[0]?.trim();
  return first || null;
}
