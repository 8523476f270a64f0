// A message's short links are written by the statement that writes the
// message (sms-store.ts's pending insert), through the row it created: a
// message that exists always has its links (no crash can leave a sent text
// whose links answer 404), and a message that was never written (a short
// balance, a key taken over) leaves no link behind.
import { config } from "../../../config/config";
import type { ShortLinkDraft } from "./shorten-body";

type Placeholder = (name: string) => string;

/** The named values shortLinksCte() reads, for a message accepted at `createdAt`. */
export function shortLinkValues(links: ShortLinkDraft[], createdAt: Date) {
  // Fixed on the row when it is made: changing KASA_SHORT_LINK_DAYS applies to new links, never to sent ones.
  const expiresAt = new Date(createdAt.getTime() + config().KASA_SHORT_LINK_DAYS * 86_400_000);
  return { linkIds: links.map((l) => l.id), linkUrls: links.map((l) => l.url), linkExpiresAt: expiresAt };
}

/**
 * `, linked AS (...)`: one short_links row per link for each row the `created` CTE returned (its `id` is the
 * message's). Placeholders: linkIds, linkUrls, linkExpiresAt (shortLinkValues), accountId and createdAt (the
 * message's own).
 */
export function shortLinksCte(p: Placeholder, created: string): string {
  return `, linked AS (INSERT INTO short_links (id, account_id, sms_id, url, created_at, expires_at)
      SELECT l.id, ${p("accountId")}::text, c.id, l.url, ${p("createdAt")}::timestamptz, ${p("linkExpiresAt")}::timestamptz
      FROM ${created} c, unnest(${p("linkIds")}::text[], ${p("linkUrls")}::text[]) AS l(id, url))`;
}

/**
 * An id already taken (1 in ~2e14 per pair): the whole statement failed, nothing was written, and the message can
 * be written again with fresh ids of the same length (so its segments and price do not change).
 */
export function isShortLinkCollision(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === "23505" && e.constraint === "short_links_pkey";
}
