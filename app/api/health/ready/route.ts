import { serveReadiness } from "@/server/http/serve-health";

export const dynamic = "force-dynamic";

export const GET = serveReadiness;
