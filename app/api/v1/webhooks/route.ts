import { routeHandlers } from "@/server/http/route-handlers";
import { deleteWebhookEndpoint, listWebhooksEndpoint, registerWebhookEndpoint } from "@/server/http/webhook-endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  registerWebhookEndpoint,
  listWebhooksEndpoint,
  deleteWebhookEndpoint,
);
