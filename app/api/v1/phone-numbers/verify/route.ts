import { routeHandlers } from "@/server/http/route-handlers";
import { verifyPhoneNumberEndpoint } from "@/server/http/sender-endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(verifyPhoneNumberEndpoint);
