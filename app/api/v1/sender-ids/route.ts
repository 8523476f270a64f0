import { routeHandlers } from "@/server/http/route-handlers";
import {
  deleteSenderIdEndpoint,
  listSenderIdsEndpoint,
  registerSenderIdEndpoint,
} from "@/server/http/sender-endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  listSenderIdsEndpoint,
  registerSenderIdEndpoint,
  deleteSenderIdEndpoint,
);
