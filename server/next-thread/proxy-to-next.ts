// Hands one request of the web process to its Next thread over the thread's
// unix socket, and streams the answer back as it comes (pages render in
// chunks). X-Forwarded-For was already rewritten to what can be trusted
// (trusted-forwarded-for.ts) and travels as is: the Next thread's own peer is
// only the socket. Hop-by-hop headers stay on their own hop, and the body's
// framing is always stated again for the next one: a chunked body is sent
// chunked, whatever the method, so no body can be read by the Next thread as
// a request of its own (and bring its own X-Forwarded-For).
import { Agent, request, type IncomingMessage, type ServerResponse } from "node:http";
import { pipeline } from "node:stream";

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
  // Node's server has already answered 100-continue to the client.
  "expect",
]);

// Pages carry large cookies (sessions) and a long Content-Security-Policy: more than Node's 16 KB default.
const MAX_HEADER_BYTES = 64 * 1024;

export type NextSocket = {
  /** The socket's path, or null while the thread is (re)starting. */
  path(): string | null;
  /** The socket is gone or refuses connections while the thread was thought ready: start it again. */
  lost(): void;
};

export function proxyToNext(socket: NextSocket) {
  // Idle links are closed well before the Next thread's own 65 s keep-alive, so none is reused as it closes.
  const agent = new Agent({ keepAlive: true, maxFreeSockets: 64, timeout: 30_000 });

  return (req: IncomingMessage, res: ServerResponse): Promise<void> =>
    new Promise((resolve) => {
      const path = socket.path();
      if (!path) return resolve(unavailable(res));
      const upstream = request(
        {
          socketPath: path,
          agent,
          method: req.method,
          path: req.url,
          headers: forwardedHeaders(req),
          maxHeaderSize: MAX_HEADER_BYTES,
        },
        (answer) => {
          const raw: string[] = [];
          for (let i = 0; i < answer.rawHeaders.length; i += 2)
            if (!HOP_BY_HOP.has(answer.rawHeaders[i]!.toLowerCase()))
              raw.push(answer.rawHeaders[i]!, answer.rawHeaders[i + 1]!);
          res.writeHead(answer.statusCode ?? 502, answer.statusMessage, raw);
          // A client gone mid-answer ends the upstream answer too (pipeline destroys both).
          pipeline(answer, res, () => resolve());
        },
      );
      // A client gone before the answer began: the Next thread stops working for it.
      res.once("close", () => res.writableFinished || upstream.destroy());
      upstream.once("error", (error: NodeJS.ErrnoException) => {
        const gone = error.code === "ENOENT" || error.code === "ECONNREFUSED";
        if (gone) socket.lost();
        if (res.headersSent) res.destroy();
        else if (gone) unavailable(res);
        else if (!res.destroyed) badGateway(res);
        resolve();
      });
      pipeline(req, upstream, (error) => error && upstream.destroy());
    });
}

function forwardedHeaders(req: IncomingMessage): Record<string, string | string[]> {
  // Headers the client named in Connection are for this hop only, like the standard ones.
  const named = new Set(
    String(req.headers.connection ?? "")
      .split(",")
      .map((name) => name.trim().toLowerCase()),
  );
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined && !HOP_BY_HOP.has(name) && !named.has(name)) headers[name] = value;
  // Node's parser has already decoded a chunked body (and refused one that also states a length): it goes on
  // chunked, so its end is where the client's was.
  if (req.headers["transfer-encoding"] !== undefined) {
    headers["transfer-encoding"] = "chunked";
    delete headers["content-length"];
  }
  return headers;
}

/** The Next thread is starting again (it stopped): the pages are back in a moment. */
function unavailable(res: ServerResponse): void {
  res.writeHead(503, { "content-type": "text/plain; charset=utf-8", "retry-after": "1", "cache-control": "no-store" });
  res.end("Kasa's dashboard is restarting; try again in a moment.\n");
}

function badGateway(res: ServerResponse): void {
  res.writeHead(502, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
  res.end("Kasa's dashboard did not answer this request.\n");
}
