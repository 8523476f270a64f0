import { serveOpenApi } from "@/server/http/openapi/serve-openapi";

export const dynamic = "force-dynamic";
export const GET = serveOpenApi;
