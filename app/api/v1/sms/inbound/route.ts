import { routeHandlers } from "@/server/http/route-handlers";
import { inboundSmsEndpoint } from "@/server/http/api-endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(inboundSmsEndpoint);
