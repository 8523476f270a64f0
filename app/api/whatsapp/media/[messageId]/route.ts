import { serveWhatsappMedia } from "@/server/http/callbacks/serve-whatsapp-media";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ messageId: string }> }) {
  return serveWhatsappMedia(request, (await params).messageId);
}
