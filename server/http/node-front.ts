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
import type { ApiAnswer } from "./envelope";

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
  function answerWithoutEndpoint(request: ApiRequest, route: { allow: string } | undefined): Promise<ApiAnswer> {
    return route
      ? answerUnrouted(request, "METHOD_NOT_ALLOWED", { Allow: route.allow })
      : answerUnrouted(request, "NOT_FOUND");
  }

  async function answerOnSocket(method: string, target: string, socket: Duplex): Promise<void> {
    let response: ApiAnswer;
    if (!target.startsWith(API_PREFIX)) {
      response = { status: 405, headers: {}, text: "" };
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
    const body = Buffer.from(response.text);
    const head = [`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ""}`];
    for (const name in response.headers) head.push(`${name}: ${response.headers[name]}`);
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
      const socket = req.socket;
      const request = fromNodeRequest(req, publicOrigin());
      const path = request.url.pathname;
      const route = byPath.get(path);
      const endpoint = route?.byMethod.get(request.method);
      if (raw[path] && request.method === "GET") await sendResponse(await raw[path]!(), res);
      else await send(endpoint ? await endpoint.handle(request) : await answerWithoutEndpoint(request, route), res);
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

function send(answer: ApiAnswer, res: ServerResponse): Promise<void> {
  const body = Buffer.from(answer.text);
  answer.headers["content-length"] = String(body.byteLength);
  res.writeHead(answer.status, answer.headers);
  return new Promise<void>((resolve) => res.end(body, resolve));
}

/** A path answered outside the pipeline (the OpenAPI document, /metrics, health), as a Web Response. */
export async function sendResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => (headers[key] = value));
  await send({ status: response.status, headers, text: await response.text() }, res);
}
