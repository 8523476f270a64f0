import { serveMetrics } from "@/server/http/serve-metrics";

// The lean front (`npm start`) answers /metrics itself; this serves `npm run start:next` the same way.
export const dynamic = "force-dynamic";
export const GET = (request: Request) => serveMetrics(request.headers);
