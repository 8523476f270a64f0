// Serves a Fetch-style handler (Request -> Response) over real HTTP on
// 127.0.0.1, the way Next's route handlers are served, so attack tests speak
// to a socket and not to a function. Counts the body bytes the handler read.
import { createServer } from "node:http";
import { Readable } from "node:stream";

export type ServedHandler = { base: string; bodyBytesRead: () => number; close(): Promise<void> };

export async function serveWebHandler(handler: (req: Request) => Promise<Response>): Promise<ServedHandler> {
  let bytesRead = 0;
  const server = createServer(async (req, res) => {
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    req.on("data", (chunk: Buffer) => (bytesRead += chunk.length));
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers: Object.entries(req.headers).flatMap(([k, v]) =>
        v === undefined ? [] : (Array.isArray(v) ? v : [v]).map((x): [string, string] => [k, x]),
      ),
      body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
      duplex: "half",
    } as RequestInit);
    const response = await handler(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
    // What the handler did not read is not drained: the socket closes behind the answer.
    if (!req.complete) req.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    bodyBytesRead: () => bytesRead,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
