// The table `npm start` serves under /api/v1, and the only one: the lean front,
// the App Router's catch-all and the tests all answer through it.
import { API_ENDPOINTS } from "./api-endpoints";
import { createApiRouter } from "./api-router";
import { OPENAPI_PATH, serveOpenApi } from "./openapi/serve-openapi";

export const API_ROUTER = createApiRouter(API_ENDPOINTS, { [OPENAPI_PATH]: serveOpenApi });
