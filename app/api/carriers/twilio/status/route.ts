import { handleTwilioStatusCallback } from "@/server/http/callbacks/twilio-status-callback";

export const dynamic = "force-dynamic";
export const POST = handleTwilioStatusCallback;
