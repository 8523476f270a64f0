import { routeHandlers } from "@/server/http/route-handlers";
import { createListEndpoint, deleteListEndpoint, listListsEndpoint } from "@/server/http/contact-endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  createListEndpoint,
  listListsEndpoint,
  deleteListEndpoint,
);
