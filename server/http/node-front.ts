// The lean front: /api/v1 requests go straight from Node's HTTP server into
// the pipeline (Web Request in, Web Response out), skipping Next's router;
// every other path is handed to Next. Same endpoints, same answers as the
// App Router route files, at a fraction of the cost (docs/benchmarks.md).
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { Endpoint } from "./endpoint";
import { answerUnrouted, routeHandlers } from "./route-handlers";

const API_PREFIX = "/api/v1/";

export function createApiFront(endpoints: Endpoint[], publicOrigin: () => string) {
  const byPath = new Map<string, { handlers: ReturnType<typeof routeHandlers>; allow: string }>();
  for (const path of new Set(endpoints.map((e) => e.path))) {
    const atPath = endpoints.filter((e) => e.path === path);
    byPath.set(path, { handlers: routeHandlers(...atPath), allow: atPath.map((e) => e.method).join(", ") });
  }

  return {
    owns(url: string | undefined): boolean {
      return url !== undefined && url.startsWith(API_PREFIX);
    },
    async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
      const request = toWebRequest(req, publicOrigin());
      const path = new URL(request.url).pathname;
      const route = byPath.get(path);
      const handler = route?.handlers[req.method as keyof ReturnType<typeof routeHandlers>];
      let response: Response;
      if (!route) response = answerUnrouted(request, "NOT_FOUND");
      else if (handler) response = await handler(request);
      else response = answerUnrouted(request, "METHOD_NOT_ALLOWED", { Allow: route.allow });
      // A refused oversized body is not worth reading to its end: close the connection.
      if (response.status === 413) res.setHeader("connection", "close");
      await send(response, res);
      if (response.status === 413) req.destroy();
    },
  };
}

function toWebRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(new URL(req.url!, origin), {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    duplex: "half",
  } as RequestInit);
}

async function send(response: Response, res: ServerResponse): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => (headers[key] = value));
  headers["content-length"] = String(body.byteLength);
  res.writeHead(response.status, headers);
  res.end(body);
}
