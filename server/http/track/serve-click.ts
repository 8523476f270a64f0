// GET /t/c/<email_id>.<sig>?u=<link>: a tracked link. The signature covers
// the email and the link, so only links Kasa wrote into a message redirect
// (302) and anything unsigned or altered is a 404: never an open redirect.
import { clickOf } from "../../modules/email/tracking/tracking-urls";
import { recordEngagement } from "../../modules/email/tracking/record-engagement";
import { logger } from "../../lib/logger";

export async function serveClick(request: Request, token: string): Promise<Response> {
  const click = clickOf(token, new URL(request.url).searchParams.get("u"));
  if (!click) return new Response("Not found", { status: 404 });
  // The reader is on their way to the link whether or not the click could be written.
  await recordEngagement({
    emailId: click.emailId,
    kind: "click",
    url: click.link,
    userAgent: request.headers.get("user-agent"),
  }).catch((error) => logger().warn({ err: (error as Error).message, emailId: click.emailId }, "click not recorded"));
  return new Response(null, { status: 302, headers: { location: click.link, "cache-control": "no-store" } });
}
