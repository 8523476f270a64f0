// GET /api/whatsapp/media/{message id}?e=&s=: a person's photo or document, fetched from Meta with the number's token
// and passed through (media-links.ts). 404 for a link not signed by this deployment, expired, or whose message or
// number is gone; 502 when Meta does not give the file.
import { db } from "../../db/client";
import { logger } from "../../lib/logger";
import { downloadMedia, GraphError, GraphUnavailable } from "../../providers/whatsapp/graph-api";
import { metaCredentials } from "../../modules/whatsapp/meta-credentials";
import { validMediaLink } from "../../modules/whatsapp/media-links";

export async function serveWhatsappMedia(request: Request, messageId: string): Promise<Response> {
  const query = new URL(request.url, "http://local").searchParams;
  if (!validMediaLink(messageId, query.get("e"), query.get("s"))) return new Response(null, { status: 404 });
  const message = await db().whatsappMessage.findUnique({
    where: { id: messageId },
    select: { direction: true, media: true, number: true },
  });
  const media = message?.media as { id?: string; mime_type?: string | null; filename?: string | null } | null;
  if (!message || message.direction !== "inbound" || !media?.id || !message.number || message.number.sandbox)
    return new Response(null, { status: 404 });
  try {
    const file = await downloadMedia(media.id, metaCredentials(message.number).accessToken);
    const headers = new Headers({
      "content-type": file.headers.get("content-type") ?? media.mime_type ?? "application/octet-stream",
      "cache-control": "private, max-age=300",
      "x-content-type-options": "nosniff",
      // Never shown in Kasa's own origin as a page: a file a stranger sent is downloaded, not rendered.
      "content-disposition": `attachment; filename="${(media.filename ?? messageId).replace(/[^\w.-]/g, "_")}"`,
    });
    const length = file.headers.get("content-length");
    if (length) headers.set("content-length", length);
    return new Response(file.body, { status: 200, headers });
  } catch (error) {
    if (!(error instanceof GraphError || error instanceof GraphUnavailable)) throw error;
    logger().warn({ err: error.message, messageId }, "whatsapp: media not fetched from Meta");
    return new Response("Meta did not give the file; try again shortly.", { status: 502 });
  }
}
