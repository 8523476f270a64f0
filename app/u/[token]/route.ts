import { serveUnsubscribe } from "@/server/http/serve-unsubscribe";

export const dynamic = "force-dynamic";

/** The link a person follows: a page with one button (mail scanners that fetch links must not unsubscribe anyone). */
export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  return serveUnsubscribe("GET", (await params).token);
}

/** RFC 8058 one-click (List-Unsubscribe=One-Click), and the page's button: unsubscribes in this one request. */
export async function POST(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  return serveUnsubscribe("POST", (await params).token);
}
