import { handlePaystackWebhook } from "@/server/providers/payments/paystack-webhook";

export const dynamic = "force-dynamic";
export const POST = handlePaystackWebhook;
