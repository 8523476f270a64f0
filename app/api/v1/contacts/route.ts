import { routeHandlers } from "@/server/http/route-handlers";
import { deleteContactEndpoint, listContactsEndpoint, upsertContactEndpoint } from "@/server/http/contact-endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  upsertContactEndpoint,
  listContactsEndpoint,
  deleteContactEndpoint,
);
