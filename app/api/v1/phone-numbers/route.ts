import { routeHandlers } from "@/server/http/route-handlers";
import {
  deletePhoneNumberEndpoint,
  listPhoneNumbersEndpoint,
  startPhoneNumberEndpoint,
} from "@/server/http/sender-endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  listPhoneNumbersEndpoint,
  startPhoneNumberEndpoint,
  deletePhoneNumberEndpoint,
);
