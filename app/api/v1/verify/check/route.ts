import { routeHandlers } from "@/server/http/route-handlers";
import { checkVerificationEndpoint } from "@/server/http/verify-endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(checkVerificationEndpoint);
