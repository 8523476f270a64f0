// A worker's own /metrics, on KASA_WORKER_METRICS_PORT (default 9464), behind
// the same KASA_METRICS_TOKEN as the web processes. Off without the token.
import { createServer, type Server } from "node:http";
import { METRICS_PATH, serveMetrics } from "../http/serve-metrics";
import { watchQueues } from "../modules/operations/queue-metrics";
import { logger } from "../lib/logger";
import { config } from "../config/config";

export async function startWorkerMetrics(): Promise<Server | undefined> {
  const settings = config();
  if (!settings.KASA_METRICS_TOKEN) return undefined;
  watchQueues();
  const port = settings.KASA_WORKER_METRICS_PORT;
  const host = settings.KASA_WORKER_METRICS_HOST ?? "0.0.0.0";
  const server = createServer((req, res) => {
    const headers = new Headers();
    if (req.headers.authorization) headers.set("authorization", req.headers.authorization);
    if (req.url !== METRICS_PATH || req.method !== "GET") return void res.writeHead(404).end("Not found\n");
    void serveMetrics(headers).then((answer) => res.writeHead(answer.status, answer.headers).end(answer.text));
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, resolve);
    });
  } catch (error) {
    // Metrics are for the operator; a taken port must not stop webhooks and receipts.
    logger().error({ err: error }, `worker: metrics not served: port ${port} is not available`);
    return undefined;
  }
  logger().info(`worker: metrics on port ${port}${METRICS_PATH}`);
  return server;
}
