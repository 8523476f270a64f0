import { serveMetrics } from "@/server/http/serve-metrics";
import { toResponse } from "@/server/http/envelope";

// The lean front (`npm start`) answers /metrics itself; this serves `npm run start:next` the same way.
export const dynamic = "force-dynamic";
export const GET = async (request: Request) => toResponse(await serveMetrics(request.headers));
