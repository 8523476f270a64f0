import { handleAfricasTalkingInbound } from "@/server/http/callbacks/africas-talking-callback";

export const dynamic = "force-dynamic";
export const POST = handleAfricasTalkingInbound;
