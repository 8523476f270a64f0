// GET /t/o/<email_id>.<sig>.gif: the open pixel of a tracked message. A token
// Kasa did not sign is a 404; a good one records the open and answers a 1x1
// transparent GIF that no cache keeps (each load is an open).
import { emailOfOpenToken } from "../../modules/email/tracking/tracking-urls";
import { recordEngagement } from "../../modules/email/tracking/record-engagement";
import { logger } from "../../lib/logger";

const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

export async function serveOpenPixel(request: Request, token: string): Promise<Response> {
  const emailId = emailOfOpenToken(token);
  if (!emailId) return new Response("Not found", { status: 404 });
  // The image is what the reader's client asked for: a failed write must not break the message's look.
  await recordEngagement({ emailId, kind: "open", userAgent: request.headers.get("user-agent") }).catch((error) =>
    logger().warn({ err: (error as Error).message, emailId }, "open not recorded"),
  );
  return new Response(GIF, {
    headers: {
      "content-type": "image/gif",
      "cache-control": "no-store, max-age=0",
      "content-length": String(GIF.length),
    },
  });
}
