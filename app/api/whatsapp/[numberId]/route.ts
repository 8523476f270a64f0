import { receiveWhatsappWebhook, whatsappWebhookHandshake } from "@/server/http/callbacks/whatsapp-webhook";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ numberId: string }> };

export async function GET(request: Request, { params }: Params) {
  return whatsappWebhookHandshake(request, (await params).numberId);
}

export async function POST(request: Request, { params }: Params) {
  return receiveWhatsappWebhook(request, (await params).numberId);
}
