// Under `npm run start:next`; `npm start` answers health on its API thread (server/http/node-front.ts).
import { serveLiveness } from "@/server/http/serve-health";
import { toResponse } from "@/server/http/envelope";

export const dynamic = "force-dynamic";

export const GET = async () => toResponse(await serveLiveness());
