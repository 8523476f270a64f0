// GET or HEAD <short url>/<id>: where a short link goes. An id Kasa never made
// is unknown (404); a link past its expiry only says so (410), so an old text
// cannot be used to reach its link forever; otherwise the original link
// (302), and a click a person made is counted (record-sms-click.ts).
import { db } from "../../../db/client";
import { shortUrlBase } from "../../../config/public-url";
import { logger } from "../../../lib/logger";
import { SHORT_ID_PATTERN } from "./shorten-body";
import { recordSmsClick } from "./record-sms-click";

export type ShortLinkOutcome = { kind: "unknown" } | { kind: "expired" } | { kind: "redirect"; url: string };

export async function followShortLink({ id, counted }: { id: string; counted: boolean }): Promise<ShortLinkOutcome> {
  // Not the shape of an id: no database read for it (scanners try every path).
  if (!SHORT_ID_PATTERN.test(id)) return { kind: "unknown" };
  const link = await db().shortLink.findUnique({ where: { id }, include: { sms: true } });
  if (!link) return { kind: "unknown" };
  if (link.expiresAt.getTime() <= Date.now()) return { kind: "expired" };
  if (counted)
    // The reader is on their way to the link whether or not the click could be written.
    await recordSmsClick({ link, sms: link.sms, shortUrl: `${shortUrlBase()}/${link.id}` }).catch((error) =>
      logger().warn({ err: (error as Error).message, smsId: link.smsId }, "short link click not recorded"),
    );
  return { kind: "redirect", url: link.url };
}
