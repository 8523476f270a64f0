import { routeHandlers } from "@/server/http/route-handlers";
import { listRequestsEndpoint } from "@/server/http/request-log-endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(listRequestsEndpoint);
