import { routeHandlers } from "@/server/http/route-handlers";
import { domainTrackingEndpoint } from "@/server/http/domain-endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(domainTrackingEndpoint);
