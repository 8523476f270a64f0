import { routeHandlers } from "@/server/http/route-handlers";
import { cancelEmailEndpoint } from "@/server/http/api-endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(cancelEmailEndpoint);
