import { handlePaystackWebhook } from "@/server/http/callbacks/paystack-webhook";

export const dynamic = "force-dynamic";
export const POST = handlePaystackWebhook;
