// /api/v1 under `npm run start:next`: the same router the lean front serves (server/http/api-routes.ts). Behind the
// front (`npm start`, `npm run dev`) /api/v1 is the front's alone, and a request that reaches this route anyway is a
// 404 in the envelope.
import { API_ROUTER } from "@/server/http/api-routes";
import { fromWebRequest } from "@/server/http/api-request";
import { toResponse } from "@/server/http/envelope";
import { apiServedByFront } from "@/server/http/api-mount";
import { answerUnrouted } from "@/server/http/answer-unrouted";

async function answer(request: Request): Promise<Response> {
  const apiRequest = fromWebRequest(request);
  if (apiServedByFront()) return toResponse(await answerUnrouted(apiRequest, "NOT_FOUND"));
  return toResponse(await API_ROUTER.answer(apiRequest));
}

export const dynamic = "force-dynamic";
export { answer as GET, answer as POST, answer as PUT, answer as PATCH, answer as DELETE };
