import { handleTwilioStatusCallback } from "@/server/providers/sms/twilio-status-callback";

export const dynamic = "force-dynamic";
export const POST = handleTwilioStatusCallback;
