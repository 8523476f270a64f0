// `npm start` (and `npm run dev` with --dev): the web process. /api/v1 goes
// through the lean front; pages, tRPC, auth and everything else through
// Next's own request handler. With KASA_WEB_PROCESSES > 1 (production), a
// primary settles the database once and forks that many workers sharing the
// port (node:cluster), so one machine's cores all serve.
import cluster from "node:cluster";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import next from "next";
import { startNextThread } from "./next-thread/start-next-thread";
import { bootWebProcess } from "./boot-web-process";
import { createNodeFront } from "./http/node-front";
import { API_ROUTER } from "./http/api-routes";
import { publicUrl } from "./config/public-url";
import { flushRequestLog } from "./modules/requestlog/request-log-buffer";
import { startWorkerBesideWeb, wantsWorkerBesideWeb } from "./workers/worker-beside-web";
import { closeLiveCarriers } from "./providers/sms";
import { liveSmsCarriers } from "./modules/sms/live-carriers";
import { logger } from "./lib/logger";
import { startSubmissionBesideWeb } from "./smtp/start-submission";
import { submissionTls } from "./smtp/tls-material";
import { childEnv, loadConfig } from "./config/config";
import { markApiServedByFront } from "./http/api-mount";

const dev = process.argv.includes("--dev");
// First of all, before anything connects or listens: a bad setting stops the process here, naming it. Free money,
// for trying the product out: on in development unless told off, never anywhere else by default.
const settings = loadConfig(dev ? { KASA_SANDBOX_PAYMENTS: "on" } : {});
const port = settings.PORT;
const hostname = settings.HOST ?? "0.0.0.0";
const processes = dev ? 1 : settings.KASA_WEB_PROCESSES;
// Read before boot: booting the embedded database sets DATABASE_URL for the processes we start.
const besideWorker = cluster.isPrimary && wantsWorkerBesideWeb(settings);

if (cluster.isPrimary && processes > 1) await runPrimary();
else await serve();

async function runPrimary() {
  await bootWebProcess(); // starts or joins the embedded database and migrates, once
  // The SMTP service's certificate, made once here when self-signed, so every web process serves the same one.
  if (settings.KASA_SUBMISSION_PORT !== undefined) await submissionTls().catch(() => undefined);
  const worker = besideWorker ? startWorkerBesideWeb() : undefined;
  let stopping = false;
  const fork = () => cluster.fork(childEnv());
  for (let i = 0; i < processes; i++) fork();
  cluster.on("exit", (worker, code) => {
    if (stopping) return;
    logger().error(`kasa: web worker ${worker.process.pid} exited (${code}); starting another`);
    fork();
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      stopping = true;
      for (const web of Object.values(cluster.workers ?? {})) web?.kill("SIGTERM");
      // Web workers flush their request logs and the worker finishes its deliveries; the embedded database (if ours) stops when we exit.
      const webStopped = new Promise<void>((resolve) =>
        cluster.on("exit", () => Object.keys(cluster.workers ?? {}).length === 0 && resolve()),
      );
      void Promise.all([Promise.race([webStopped, delay(3_000)]), worker?.stop()]).then(() => process.exit(0));
    });
  }
}

async function serve() {
  await bootWebProcess();
  const worker = besideWorker ? startWorkerBesideWeb() : undefined;
  // SMPP carriers bind now, not at the first send: receipts for earlier messages arrive over the bind.
  try {
    liveSmsCarriers();
  } catch (error) {
    logger().fatal(`kasa: ${(error as Error).message}`);
    process.exit(1);
  }
  // /api/v1 is the front's below: Next's catch-all (in this thread under `npm run dev`) answers none of it.
  markApiServedByFront();
  const pages = dev ? await nextInThisThread() : await startNextThread({ hostname, port });
  const front = createNodeFront({
    router: API_ROUTER,
    publicOrigin: publicUrl,
    pages: pages.handle,
    pagesMetrics: pages.metrics,
  });
  const server = createServer(front.listener);
  front.attachTo(server);
  const submission = await startSubmissionBesideWeb(cluster.isPrimary || cluster.worker?.id === 1);
  server.keepAliveTimeout = 65_000;
  server.listen(port, hostname, () => {
    if (cluster.isPrimary || cluster.worker?.id === 1)
      logger().info(
        `kasa: ${dev ? "development" : "production"} server on http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${port}${processes > 1 ? ` (${processes} processes)` : ""}`,
      );
  });

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      server.close();
      void Promise.all([
        flushRequestLog(),
        worker?.stop(),
        closeLiveCarriers(),
        submission?.close(),
        pages.stop(),
      ]).finally(() => process.exit(0));
    });
  }
}

/**
 * Development: Next in this thread, as `next dev` expects (its hot reload talks over WebSocket upgrades). Production
 * serves it from a thread of its own (server/next-thread).
 */
async function nextInThisThread() {
  const app = next({ dev, dir: process.cwd(), hostname, port, turbopack: dev });
  await app.prepare();
  const handle = app.getRequestHandler();
  return {
    handle: (req: IncomingMessage, res: ServerResponse) => handle(req, res),
    metrics: undefined,
    stop: async () => undefined,
  };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
