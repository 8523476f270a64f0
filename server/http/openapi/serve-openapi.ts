import { API_ENDPOINTS } from "../api-endpoints";
import { publicUrl } from "../../config/public-url";
import { buildOpenApi } from "./build-openapi";

export const OPENAPI_PATH = "/api/v1/openapi.json";

let cached: { url: string; body: string } | undefined;

/** GET /api/v1/openapi.json: public, built once per process (the endpoints do not change while it runs). */
export async function serveOpenApi(): Promise<Response> {
  const url = `${publicUrl()}/api/v1`;
  if (cached?.url !== url) cached = { url, body: JSON.stringify(buildOpenApi(API_ENDPOINTS, url)) };
  return new Response(cached.body, { headers: { "content-type": "application/json", "cache-control": "public, max-age=300", "access-control-allow-origin": "*" } });
}

export function openApiDocument() {
  return buildOpenApi(API_ENDPOINTS, `${publicUrl()}/api/v1`);
}
