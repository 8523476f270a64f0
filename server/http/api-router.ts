// The one router of /api/v1: the endpoint table, by path and method. The lean
// front (`npm start`, `npm run dev`, every API test) and the App Router's
// catch-all (`npm run start:next`) both answer through it, so an endpoint is
// added in one place and what the tests drive is what a deployment serves.
import type { Endpoint } from "./endpoint";
import type { ApiRequest } from "./api-request";
import type { ApiAnswer } from "./envelope";
import { answerUnrouted } from "./answer-unrouted";
import { pathTemplate } from "./path-template";

export const API_PREFIX = "/api/v1";

/** A path under /api/v1 answered outside the pipeline (the OpenAPI document is not an envelope). */
export type PlainRoute = (request: ApiRequest) => Promise<ApiAnswer>;

export type ApiRouter = {
  /**
   * Whether a request target is the API's: anything that decodes or normalises to /api/v1 (`/api/%761/…`,
   * `//api/v1/…`), since Next would read those as /api/v1 too. The front keeps all of them, so none reaches the
   * pages' side and its copy of this router outside the front's admission and pool.
   */
  owns(target: string | undefined): boolean;
  /** The answer to one request: its endpoint's, a plain route's, or 404 / 405 in the envelope. */
  answer(request: ApiRequest): Promise<ApiAnswer>;
  /** Only 404 / 405, for requests Node's parser hands over without a body (CONNECT, unknown methods). */
  answerWithoutEndpoint(request: ApiRequest): Promise<ApiAnswer>;
};

type Route = { byMethod: Map<string, Endpoint>; allow: string };
/** A path with parameters (`/api/v1/lookup/{phone_number}`): each `{name}` is one whole segment. */
type Template = Route & { pattern: RegExp; names: string[] };

export function createApiRouter(endpoints: Endpoint[], plain: Record<string, PlainRoute> = {}): ApiRouter {
  const byPath = new Map<string, Route>();
  const templates: Template[] = [];
  for (const path of new Set(endpoints.map((e) => e.path))) {
    const atPath = endpoints.filter((e) => e.path === path);
    const route = {
      byMethod: new Map(atPath.map((e) => [e.method, e])),
      allow: atPath.map((e) => e.method).join(", "),
    };
    if (path.includes("{")) templates.push({ ...route, ...pathTemplate(path) });
    else byPath.set(path, route);
  }

  /** The route a path is, and the values of its parameters: a fixed path first, then the templates in order. */
  function match(path: string): { route: Route; params: Record<string, string> } | null {
    const fixed = byPath.get(path);
    if (fixed) return { route: fixed, params: {} };
    for (const template of templates) {
      const found = template.pattern.exec(path);
      if (!found) continue;
      const params: Record<string, string> = {};
      try {
        template.names.forEach((name, i) => (params[name] = decodeURIComponent(found[i + 1]!)));
      } catch {
        return null; // a malformed escape is no value of a parameter
      }
      return { route: template, params };
    }
    return null;
  }

  function answerWithoutEndpoint(request: ApiRequest): Promise<ApiAnswer> {
    const route = match(request.url.pathname)?.route;
    return route
      ? answerUnrouted(request, "METHOD_NOT_ALLOWED", { Allow: route.allow })
      : answerUnrouted(request, "NOT_FOUND");
  }

  return {
    owns(target) {
      if (target === undefined) return false;
      if (target.startsWith(`${API_PREFIX}/`)) return true;
      // An absolute-form target (`http://host/api/v1/...`) is read by its path.
      const path = /^[a-z][a-z0-9+.-]*:\/\//i.test(target)
        ? target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "")
        : target;
      return readings(path).some(isUnderPrefix);
    },
    answer(request) {
      const path = request.url.pathname;
      const route = plain[path];
      if (route && request.method === "GET") return route(request);
      const found = match(path);
      const endpoint = found?.route.byMethod.get(request.method);
      return endpoint ? endpoint.handle({ ...request, pathParams: found!.params }) : answerWithoutEndpoint(request);
    },
    answerWithoutEndpoint,
  };
}

/**
 * The paths a router could read a target as: WHATWG's resolution of the raw target (dot segments resolved, nothing
 * decoded: what Next matches), and of its percent-decoded form, with `?` and `#` that decoding produced escaped
 * again so they cannot cut the path short (`/x%3F/../api/v1/...`). Repeated slashes and backslashes count as one.
 */
function readings(target: string): string[] {
  const raw = target.split(/[?#]/)[0]!;
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw).replace(/\?/g, "%3F").replace(/#/g, "%23");
  } catch {
    /* not decodable: read raw only */
  }
  return [raw, decoded].flatMap((path) => {
    const collapsed = path.replace(/[\\/]+/g, "/");
    try {
      return [
        collapsed,
        new URL(collapsed.startsWith("/") ? collapsed : `/${collapsed}`, "http://path.invalid").pathname,
      ];
    } catch {
      return [collapsed];
    }
  });
}

function isUnderPrefix(path: string): boolean {
  const lower = path.toLowerCase();
  return lower === API_PREFIX || lower.startsWith(`${API_PREFIX}/`);
}
