import { routeHandlers } from "@/server/http/route-handlers";
import { dataStatusEndpoint } from "@/server/http/topup-endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(dataStatusEndpoint);
