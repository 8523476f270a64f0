import { routeHandlers } from "@/server/http/route-handlers";
import { importContactsEndpoint } from "@/server/http/contact-endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(importContactsEndpoint);
