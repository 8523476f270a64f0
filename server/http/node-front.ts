// The lean front: /api/v1 requests go straight from Node's HTTP server into
// the pipeline, skipping Next's router; every other path is handed to Next.
// Same endpoints, same answers as the App Router route files, at a fraction
// of the cost (docs/benchmarks.md). The body stays on the socket until the
// endpoint asks for it, after the key was checked, and is read with that
// endpoint's own cap: a request with a bad key is answered at once, whatever
// it was still sending, and nothing unauthenticated is ever buffered.
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import type { Endpoint } from "./endpoint";
import { answerUnrouted } from "./route-handlers";
import { fromNodeRequest, type ApiRequest } from "./api-request";
import { jsonTextOf } from "./envelope";

const API_PREFIX = "/api/v1/";

/** raw: paths under /api/v1 answered outside the pipeline (the OpenAPI document is not an envelope). */
export function createApiFront(
  endpoints: Endpoint[],
  publicOrigin: () => string,
  raw: Record<string, () => Promise<Response>> = {},
) {
  const byPath = new Map<string, { byMethod: Map<string, Endpoint>; allow: string }>();
  for (const path of new Set(endpoints.map((e) => e.path))) {
    const atPath = endpoints.filter((e) => e.path === path);
    byPath.set(path, {
      byMethod: new Map(atPath.map((e) => [e.method, e])),
      allow: atPath.map((e) => e.method).join(", "),
    });
  }

  /** No endpoint takes this method here: 405 with Allow on a known path, 404 on any other. */
  function answerWithoutEndpoint(request: ApiRequest, route: { allow: string } | undefined): Promise<Response> {
    return route
      ? answerUnrouted(request, "METHOD_NOT_ALLOWED", { Allow: route.allow })
      : answerUnrouted(request, "NOT_FOUND");
  }

  async function answerOnSocket(method: string, target: string, socket: Duplex): Promise<void> {
    let response: Response;
    if (!target.startsWith(API_PREFIX)) {
      response = new Response(null, { status: 405 });
    } else {
      const url = new URL(target, publicOrigin());
      const request: ApiRequest = {
        method,
        url,
        headers: new Headers(),
        readBody: async () => "",
        bodyConsumed: () => true,
      };
      response = await answerWithoutEndpoint(request, byPath.get(url.pathname));
    }
    const body = Buffer.from(await response.arrayBuffer());
    const head = [`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ""}`];
    response.headers.forEach((value, name) => head.push(`${name}: ${value}`));
    head.push(`content-length: ${body.byteLength}`, "connection: close");
    socket.end(Buffer.concat([Buffer.from(`${head.join("\r\n")}\r\n\r\n`, "latin1"), body]));
  }

  return {
    /**
     * CONNECT and method names Node's parser does not know never reach `handle`: under /api/v1 they get the same
     * envelope (405 with Allow, or 404) written on the socket; elsewhere Node's own answer (400, 408 or 431).
     */
    attachTo(server: Server) {
      server.on(
        "connect",
        (req: IncomingMessage, socket: Duplex) => void answerOnSocket(req.method ?? "CONNECT", req.url ?? "/", socket),
      );
      server.on("clientError", (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
        const line = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) (\S+) HTTP\/1\.[01]\r?\n/.exec(
          error.rawPacket?.toString("latin1") ?? "",
        );
        if (error.code === "HPE_INVALID_METHOD" && line) return void answerOnSocket(line[1]!, line[2]!, socket);
        if (error.code === "ECONNRESET" || !socket.writable) return socket.destroy();
        const status =
          error.code === "HPE_HEADER_OVERFLOW"
            ? "431 Request Header Fields Too Large"
            : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
              ? "408 Request Timeout"
              : "400 Bad Request";
        socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
      });
    },
    owns(url: string | undefined): boolean {
      return url !== undefined && url.startsWith(API_PREFIX);
    },
    async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
      // A client that leaves before its answer: the request stops at its next checkpoint (deadline.ts).
      const gone = new AbortController();
      const onClose = () => gone.abort();
      const socket = req.socket;
      socket.once("close", onClose);
      res.once("finish", () => socket.off("close", onClose));
      const request = fromNodeRequest(req, publicOrigin(), gone.signal);
      const path = request.url.pathname;
      const route = byPath.get(path);
      const endpoint = route?.byMethod.get(request.method);
      let response: Response;
      if (raw[path] && request.method === "GET") response = await raw[path]!();
      else if (endpoint) response = await endpoint.handle(request);
      else response = await answerWithoutEndpoint(request, route);
      await send(response, res);
      // Answered before the body was read (a bad key, too large, refused): the rest of it is read and thrown
      // away, never kept, for a moment (closing at once could reset the connection before the client read the
      // answer); a client still sending after that is cut off.
      if (!request.bodyConsumed()) discardRest(req, socket);
    },
  };
}

const LINGER_MS = 2_000;

function discardRest(req: IncomingMessage, socket: Socket): void {
  if (req.readableEnded) return;
  const cutOff = setTimeout(() => socket.destroy(), LINGER_MS);
  cutOff.unref();
  req.once("end", () => clearTimeout(cutOff));
  socket.once("close", () => clearTimeout(cutOff));
  req.resume();
}

async function send(response: Response, res: ServerResponse): Promise<void> {
  // An envelope's text is written as it was made: reading a Response's body back through its stream cost about
  // 3 % of a live send's CPU (measured with scripts/bench/profile-send.ts).
  const text = jsonTextOf(response);
  const body = text !== undefined ? Buffer.from(text) : Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => (headers[key] = value));
  headers["content-length"] = String(body.byteLength);
  res.writeHead(response.status, headers);
  await new Promise<void>((resolve) => res.end(body, resolve));
}
