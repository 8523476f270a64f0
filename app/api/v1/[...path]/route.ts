import { answerUnrouted } from "@/server/http/route-handlers";
import { fromWebRequest } from "@/server/http/api-request";

// Any other path under /api/v1: a JSON 404 in the envelope, never an HTML page.
const notFound = async (request: Request) => answerUnrouted(fromWebRequest(request), "NOT_FOUND");

export const dynamic = "force-dynamic";
export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
