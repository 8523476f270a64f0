// /api/v1 under `npm run start:next`: the same router the lean front serves (server/http/api-routes.ts).
import { API_ROUTER } from "@/server/http/api-routes";
import { fromWebRequest } from "@/server/http/api-request";
import { toResponse } from "@/server/http/envelope";

async function answer(request: Request): Promise<Response> {
  return toResponse(await API_ROUTER.answer(fromWebRequest(request)));
}

export const dynamic = "force-dynamic";
export { answer as GET, answer as POST, answer as PUT, answer as PATCH, answer as DELETE };
