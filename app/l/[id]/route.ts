import { serveShortLink } from "@/server/http/serve-short-link";

export const dynamic = "force-dynamic";

/** A person following an SMS short link (counted), or a link preview (not counted): both are redirected. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return serveShortLink(request, (await params).id);
}

/** Checkers that read headers only: the same answer, never a click. */
export async function HEAD(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return serveShortLink(request, (await params).id);
}
