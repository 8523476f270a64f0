import { serveClick } from "@/server/http/track/serve-click";

export const dynamic = "force-dynamic";
export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }) {
  return serveClick(request, (await params).token);
}
