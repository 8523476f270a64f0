import { serveOpenPixel } from "@/server/http/track/serve-open-pixel";

export const dynamic = "force-dynamic";
export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }) {
  return serveOpenPixel(request, (await params).token);
}
