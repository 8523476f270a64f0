// Hands one request of the web process to its Next thread over the thread's
// unix socket, and streams the answer back as it comes (pages render in
// chunks). X-Forwarded-For was already rewritten to what can be trusted
// (trusted-forwarded-for.ts) and travels as is: the Next thread's own peer is
// only the socket. Hop-by-hop headers stay on their own hop.
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

export function proxyToNext(socketPath: () => string | null) {
  const agent = new Agent({ keepAlive: true, maxFreeSockets: 64 });

  return (req: IncomingMessage, res: ServerResponse): Promise<void> =>
    new Promise((resolve) => {
      const path = socketPath();
      if (!path) return resolve(unavailable(res));
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(req.headers))
        if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
      const upstream = request({ socketPath: path, agent, method: req.method, path: req.url, headers }, (answer) => {
        const raw: string[] = [];
        for (let i = 0; i < answer.rawHeaders.length; i += 2)
          if (!HOP_BY_HOP.has(answer.rawHeaders[i]!.toLowerCase()))
            raw.push(answer.rawHeaders[i]!, answer.rawHeaders[i + 1]!);
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, raw);
        // A client gone mid-answer ends the upstream answer too (pipeline destroys both).
        pipeline(answer, res, () => resolve());
      });
      upstream.once("error", () => {
        if (res.headersSent) res.destroy();
        else unavailable(res);
        resolve();
      });
      pipeline(req, upstream, (error) => error && upstream.destroy());
    });
}

/** The Next thread is starting again (it stopped): the pages are back in a moment. */
function unavailable(res: ServerResponse): void {
  res.writeHead(503, { "content-type": "text/plain; charset=utf-8", "retry-after": "1", "cache-control": "no-store" });
  res.end("Kasa's dashboard is restarting; try again in a moment.\n");
}
