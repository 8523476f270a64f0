import { routeHandlers } from "@/server/http/route-handlers";
import { createBroadcastEndpoint, listBroadcastsEndpoint } from "@/server/http/broadcast-endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(createBroadcastEndpoint, listBroadcastsEndpoint);
