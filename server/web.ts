// `npm start` (and `npm run dev` with --dev): one process serving the whole
// deployment. /api/v1 goes through the lean front; pages, tRPC, auth and
// everything else through Next's own request handler.
import { createServer } from "node:http";
import next from "next";
import { bootWebProcess } from "./boot-web-process";
import { createApiFront } from "./http/node-front";
import { API_ENDPOINTS } from "./http/api-endpoints";
import { publicUrl } from "./config/public-url";
import { flushRequestLog } from "./modules/requestlog/request-log-buffer";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOST ?? "0.0.0.0";

await bootWebProcess();
const app = next({ dev, dir: process.cwd(), hostname, port, turbopack: dev });
await app.prepare();
const nextHandler = app.getRequestHandler();
const api = createApiFront(API_ENDPOINTS, publicUrl);

const server = createServer((req, res) => {
  const handled = api.owns(req.url) ? api.handle(req, res) : nextHandler(req, res);
  Promise.resolve(handled).catch((error) => {
    console.error("web: unhandled", error);
    if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
    res.end(JSON.stringify({ success: false, error: { code: "INTERNAL_ERROR", message: "Internal server error" } }));
  });
});
server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => console.log(`kasa: ${dev ? "development" : "production"} server on http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${port}`));

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.close();
    void flushRequestLog().finally(() => process.exit(0));
  });
}
