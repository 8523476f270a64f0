import { API_ENDPOINTS } from "../api-endpoints";
import { publicUrl } from "../../config/public-url";
import { buildOpenApi } from "./build-openapi";
import type { ApiAnswer } from "../envelope";

export const OPENAPI_PATH = "/api/v1/openapi.json";

let cached: { url: string; document: Record<string, unknown>; body: string } | undefined;

/** The document, built once per process (the endpoints do not change while it runs); the docs' reference renders it. */
export function openApiDocument(): Record<string, unknown> {
  // Every path already starts with /api/v1: the server is the deployment itself, or a generated client calls
  // /api/v1/api/v1/... (docs/decisions.md, "The document and its tests").
  const url = publicUrl();
  if (cached?.url !== url) {
    const document = buildOpenApi(API_ENDPOINTS, url);
    cached = { url, document, body: JSON.stringify(document) };
  }
  return cached.document;
}

/** GET /api/v1/openapi.json: public. */
export async function serveOpenApi(): Promise<ApiAnswer> {
  openApiDocument();
  return {
    status: 200,
    headers: {
      "content-type": "application/json",
      "cache-control": "public, max-age=300",
      "access-control-allow-origin": "*",
    },
    text: cached!.body,
  };
}
