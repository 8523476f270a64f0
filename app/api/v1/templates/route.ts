import { routeHandlers } from "@/server/http/route-handlers";
import {
  createTemplateEndpoint,
  deleteTemplateEndpoint,
  listTemplatesEndpoint,
} from "@/server/http/template-endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  createTemplateEndpoint,
  listTemplatesEndpoint,
  deleteTemplateEndpoint,
);
