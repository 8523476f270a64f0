import { routeHandlers } from "@/server/http/route-handlers";
import { addDomainEndpoint, deleteDomainEndpoint, listDomainsEndpoint } from "@/server/http/domain-endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  listDomainsEndpoint,
  addDomainEndpoint,
  deleteDomainEndpoint,
);
