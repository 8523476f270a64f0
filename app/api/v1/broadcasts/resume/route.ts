import { routeHandlers } from "@/server/http/route-handlers";
import { resumeBroadcastEndpoint } from "@/server/http/broadcast-endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(resumeBroadcastEndpoint);
