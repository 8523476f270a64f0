import { routeHandlers } from "@/server/http/route-handlers";
import { createMailboxEndpoint, deleteMailboxEndpoint, listMailboxesEndpoint } from "@/server/http/domain-endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  listMailboxesEndpoint,
  createMailboxEndpoint,
  deleteMailboxEndpoint,
);
