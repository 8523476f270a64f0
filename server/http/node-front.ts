// The lean front: /api/v1 requests go straight from Node's HTTP server into
// the pipeline (Web Request in, Web Response out), skipping Next's router;
// every other path is handed to Next. Same endpoints, same answers as the
// App Router route files, at a fraction of the cost (docs/benchmarks.md).
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { Endpoint } from "./endpoint";
import { answerUnrouted, routeHandlers } from "./route-handlers";

const API_PREFIX = "/api/v1/";
// The largest body any endpoint accepts (email send with attachments, issue #4: 25 MiB).
const MAX_BODY_BYTES = 25 * 1024 * 1024;

/** raw: paths under /api/v1 answered outside the pipeline (the OpenAPI document is not an envelope). */
export function createApiFront(
  endpoints: Endpoint[],
  publicOrigin: () => string,
  maxBodyBytes = MAX_BODY_BYTES,
  raw: Record<string, (request: Request) => Promise<Response>> = {},
) {
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
      const request = await toWebRequest(req, publicOrigin(), maxBodyBytes);
      const path = new URL(request.url).pathname;
      const route = byPath.get(path);
      const handler = route?.handlers[req.method as keyof ReturnType<typeof routeHandlers>];
      let response: Response;
      if (raw[path] && req.method === "GET") response = await raw[path]!(request);
      else if (!route) response = answerUnrouted(request, "NOT_FOUND");
      else if (handler) response = await handler(request);
      else response = answerUnrouted(request, "METHOD_NOT_ALLOWED", { Allow: route.allow });
      // A refused oversized body is not worth reading to its end: close the connection.
      if (response.status === 413) res.setHeader("connection", "close");
      await send(response, res);
      if (response.status === 413) req.destroy();
    },
  };
}

/**
 * Node request -> Web Request. The body is read here into one buffer (much
 * cheaper than a web stream per request), but never past the largest cap any
 * endpoint allows: beyond it the rest stays a stream, so the endpoint's own
 * reader still refuses it with 413 without buffering it all.
 */
async function toWebRequest(req: IncomingMessage, origin: string, maxBytes: number): Promise<Request> {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const url = new URL(req.url!, origin);
  if (req.method === "GET" || req.method === "HEAD") return new Request(url, { method: req.method, headers });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).byteLength;
    if (size > maxBytes) {
      const rest = Readable.from(
        (async function* () {
          yield* chunks;
          yield* req;
        })(),
      );
      return new Request(url, {
        method: req.method,
        headers,
        body: Readable.toWeb(rest) as ReadableStream,
        duplex: "half",
      } as RequestInit);
    }
  }
  const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  return new Request(url, { method: req.method, headers, body: body as unknown as BodyInit });
}

async function send(response: Response, res: ServerResponse): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => (headers[key] = value));
  headers["content-length"] = String(body.byteLength);
  res.writeHead(response.status, headers);
  res.end(body);
}
