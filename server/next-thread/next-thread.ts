// The dashboard's thread (production): Next.js (pages, tRPC, sign-in, the docs)
// served on a private unix socket that only its web process reaches, in a V8
// isolate of its own. Next changes the runtime of whatever isolate loads it
// (promise hooks for AsyncLocalStorage on every promise, a wrapped Date, a
// patched process.nextTick), which cost the API's sends about 7 % of their CPU
// when both shared one isolate; a page being rendered no longer holds up an API
// request's event loop either. See docs/decisions.md, "Next in its own thread".
import { createServer } from "node:http";
import { parentPort, workerData } from "node:worker_threads";
import next from "next";
import { useLaneByDefault } from "../db/client";
import { logger } from "../lib/logger";
import { metricsRegistry } from "../lib/metrics";
import { flushRequestLog } from "../modules/requestlog/request-log-buffer";
import type { FromNextThread, NextThreadData, ToNextThread } from "./messages";
import { loadConfig } from "../config/config";
import { markApiServedByFront } from "../http/api-mount";

// Its settings were checked by the web process; read again here, in this thread's own isolate.
loadConfig();
const { socketPath, hostname, port } = workerData as NextThreadData;
const port0 = parentPort!;

// Everything this thread does is the dashboard's: its own pool, apart from the API's (server/db/client.ts).
useLaneByDefault("dashboard");
// /api/v1 is the web process's front's: the App Router's catch-all here answers none of it.
markApiServedByFront();
// Its series are told apart from the API thread's when the web process merges them for /metrics.
metricsRegistry().setDefaultLabels({ thread: "next" });

const app = next({ dev: false, dir: process.cwd(), hostname, port });
await app.prepare();
const handle = app.getRequestHandler();

const server = createServer((req, res) => {
  Promise.resolve(handle(req, res)).catch((error) => {
    logger().error({ err: error, path: req.url }, "web: unhandled");
    if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
    res.end("Internal server error\n");
  });
});
server.keepAliveTimeout = 65_000;
server.listen(socketPath, () => post({ type: "ready" }));

port0.on("message", (message: ToNextThread) => {
  if (message.type === "metrics") void sendMetrics(message.id);
  else if (message.type === "stop") void stop();
});

async function sendMetrics(id: number) {
  // Process-wide series (CPU, memory, open handles) are the web process's own, reported once by the API thread.
  const metrics = (await metricsRegistry().getMetricsAsJSON()).filter((m) => !m.name.startsWith("kasa_process_"));
  post({ type: "metrics", id, metrics });
}

async function stop() {
  // The web process stopped sending new requests: those under way finish (the web process ends the thread if they
  // take longer than its grace), idle keep-alive links close.
  const closed = new Promise((resolve) => server.close(resolve));
  server.closeIdleConnections();
  await closed;
  await flushRequestLog();
  process.exit(0);
}

function post(message: FromNextThread) {
  port0.postMessage(message);
}
