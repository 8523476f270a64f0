// The public API's lean front (what `npm start` serves) over real HTTP on
// 127.0.0.1, in this process, for tests that attack it through a socket.
import { createServer, type Server } from "node:http";
import { createApiFront } from "../server/http/node-front";
import { API_ENDPOINTS } from "../server/http/api-endpoints";

export type ServedApi = { base: string; close(): Promise<void> };

export async function serveApi(): Promise<ServedApi> {
  const api = createApiFront(API_ENDPOINTS, () => "http://kasa.test");
  const server: Server = createServer((req, res) => (api.owns(req.url) ? void api.handle(req, res) : res.end()));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
