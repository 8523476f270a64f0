// The web process's front (what `npm start` serves under /api/v1, health and
// /metrics) over real HTTP on 127.0.0.1, in this process: every API test
// drives it through a socket, as a customer's client would.
import { createServer, type Server } from "node:http";
import { createNodeFront, type PagesHandler } from "../server/http/node-front";
import { API_ROUTER } from "../server/http/api-routes";
import { publicUrl } from "../server/config/public-url";

export type ServedApi = { base: string; close(): Promise<void> };

/**
 * unref: the server does not keep the process alive (a file's shared front ends with its test process);
 * pages: what answers every other path (default: 404, the browser suite serves pages through `npm start`).
 */
export async function serveApi(options: { unref?: boolean; pages?: PagesHandler } = {}): Promise<ServedApi> {
  const front = createNodeFront({
    router: API_ROUTER,
    publicOrigin: publicUrl,
    pages:
      options.pages ??
      ((_req, res) => {
        res.statusCode = 404;
        res.end();
      }),
  });
  const server: Server = createServer(front.listener);
  front.attachTo(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  if (options.unref) server.unref();
  return {
    base: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
