// The web process's front: Node's HTTP server hands /api/v1 straight to the
// API router, answers health and /metrics on the same thread (they report on
// it), and gives every other path to the pages' handler (Next). Every API test
// drives this same front over a socket (test/serve-api.ts), so what the suite
// exercises is what `npm start` serves. The body stays on the socket until the
// endpoint asks for it, after the key was checked, and is read with that
// endpoint's own cap: a request with a bad key is answered at once, whatever
// it was still sending, and nothing unauthenticated is ever buffered.
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import type { ApiRouter } from "./api-router";
import { fromNodeRequest, type ApiRequest } from "./api-request";
import type { ApiAnswer } from "./envelope";
import { LIVENESS_PATH, READINESS_PATH, serveLiveness, serveReadiness } from "./serve-health";
import { METRICS_PATH, serveMetrics } from "./serve-metrics";
import { trustForwardedFor } from "./trusted-forwarded-for";
import { shortDomainRewrite } from "./short-domain";
import type { MetricsSnapshot } from "../lib/metrics";
import { logger } from "../lib/logger";

export type PagesHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

export type NodeFrontOptions = {
  router: ApiRouter;
  /** The origin request URLs are read against (the deployment's public address). */
  publicOrigin: () => string;
  /** Everything that is not the API's, health or /metrics: Next, in its own thread or in this one. */
  pages: PagesHandler;
  /** Series kept outside this thread's registry (the Next thread's), merged into /metrics. */
  pagesMetrics?: () => Promise<MetricsSnapshot>;
};

const HEALTH = new Map([
  [LIVENESS_PATH, serveLiveness],
  [READINESS_PATH, serveReadiness],
]);

export function createNodeFront(options: NodeFrontOptions) {
  const { router, publicOrigin } = options;

  async function answerApi(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // A client that leaves before its answer: the request stops at its next checkpoint (deadline.ts).
    const socket = req.socket;
    const request = fromNodeRequest(req, publicOrigin());
    const answer = await router.answer(request);
    // Answered before the body was read (a bad key, too large, refused): the rest of it is read and thrown
    // away, never kept, for a moment (closing at once could reset the connection before the client read the
    // answer); a client still sending after that is cut off. So the answer says the connection ends with it: a
    // client that kept it for its next request would see that request fail on a socket already cut.
    const early = !request.bodyConsumed();
    if (early) {
      answer.headers.connection = "close";
      closeWritingOnly(socket);
    }
    await send(answer, res);
    if (early) discardRest(req, socket);
  }

  function route(req: IncomingMessage, res: ServerResponse): unknown {
    const path = req.url?.split("?")[0] ?? "";
    if (router.owns(req.url)) return answerApi(req, res);
    if (path === METRICS_PATH)
      return serveMetrics(new Headers({ authorization: req.headers.authorization ?? "" }), options.pagesMetrics).then(
        (answer) => send(answer, res),
      );
    const health = HEALTH.get(path);
    if (health && (req.method === "GET" || req.method === "HEAD")) return health().then((answer) => send(answer, res));
    trustForwardedFor(req);
    // A link on the SMS short domain (KASA_SHORT_URL): its /<id> is served by the short-link route.
    const short = shortDomainRewrite(req.headers.host, req.url);
    if (short) req.url = short;
    return options.pages(req, res);
  }

  /** CONNECT and unknown methods under /api/v1: the envelope's 405 (with Allow) or 404, written on the socket. */
  async function answerOnSocket(method: string, target: string, socket: Duplex): Promise<void> {
    let answer: ApiAnswer;
    if (!router.owns(target)) {
      answer = { status: 405, headers: {}, text: "" };
    } else {
      const request: ApiRequest = {
        method,
        url: new URL(target, publicOrigin()),
        headers: new Headers(),
        readBody: async () => "",
        bodyConsumed: () => true,
      };
      answer = await router.answerWithoutEndpoint(request);
    }
    const body = Buffer.from(answer.text);
    const head = [`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ""}`];
    for (const name in answer.headers) head.push(`${name}: ${answer.headers[name]}`);
    head.push(`content-length: ${body.byteLength}`, "connection: close");
    socket.end(Buffer.concat([Buffer.from(`${head.join("\r\n")}\r\n\r\n`, "latin1"), body]));
  }

  return {
    listener(req: IncomingMessage, res: ServerResponse): void {
      Promise.resolve()
        .then(() => route(req, res))
        .catch((error) => {
          logger().error({ err: error, path: req.url }, "web: unhandled");
          if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
          res.end(
            JSON.stringify({ success: false, error: { code: "INTERNAL_ERROR", message: "Internal server error" } }),
          );
        });
    },
    /**
     * CONNECT and method names Node's parser does not know never reach the listener: under /api/v1 they get the
     * same envelope written on the socket; elsewhere Node's own answer (400, 408 or 431).
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
  };
}

const LINGER_MS = 2_000;

/**
 * A lingering close, as web servers do it: once an answer that ends the connection is written, Node would destroy
 * the socket, and the rest of the client's body arriving on a closed socket makes the kernel reset the connection,
 * which can throw away the answer before the client read it. This closes our side only (FIN after the answer); the
 * rest of the body is still read and thrown away (discardRest) until the client stops or the linger runs out.
 */
function closeWritingOnly(socket: Socket): void {
  (socket as Socket & { destroySoon: () => void }).destroySoon = () => socket.end();
}

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
