import { routeHandlers } from "@/server/http/route-handlers";
import { airtimeStatusEndpoint } from "@/server/http/topup-endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(airtimeStatusEndpoint);
