import { routeHandlers } from "@/server/http/route-handlers";
import { replayWebhooksEndpoint } from "@/server/http/webhook-endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(replayWebhooksEndpoint);
