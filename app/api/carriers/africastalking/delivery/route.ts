import { handleAfricasTalkingDelivery } from "@/server/providers/sms/africas-talking-callback";

export const dynamic = "force-dynamic";
export const POST = handleAfricasTalkingDelivery;
