// `npm run worker`: the background process. Any number may run against one
// PostgreSQL; it shares the embedded database with the web process when no
// DATABASE_URL is set, and stops cleanly on SIGINT or SIGTERM.
import { bootDatabase } from "../db/bootstrap";
import { disconnectDb } from "../db/client";
import { EmbeddedPostgresError } from "../db/embedded";
import { LOOPS } from "./loops";
import { runLoops } from "./loop";
import { startInboundSmtpServer } from "../inbound/inbound-smtp-server";
import { startWorkerMetrics } from "./metrics-server";
import { logger, nameProcess } from "../lib/logger";
import { config, loadConfig } from "../config/config";

// A bad setting stops the worker here, before it connects or listens; its log lines say which process wrote them.
loadConfig();
nameProcess("worker");
const stop = new AbortController();
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => stop.abort());

try {
  const database = await bootDatabase();
  // Bounces (and customers' inbound mail) arrive here when an inbound port is configured.
  const { INBOUND_SMTP_PORT, INBOUND_SMTP_HOST } = config();
  const inbound =
    INBOUND_SMTP_PORT !== undefined
      ? await startInboundSmtpServer({ port: INBOUND_SMTP_PORT, host: INBOUND_SMTP_HOST })
      : undefined;
  if (inbound) logger().info(`worker: inbound SMTP on port ${inbound.port}`);
  const metrics = await startWorkerMetrics();
  logger().info(
    `worker: ready with ${LOOPS.length} job(s)${LOOPS.length ? `: ${LOOPS.map((l) => l.name).join(", ")}` : ""}`,
  );
  // A worker with nothing to run still stays up until told to stop, so a supervisor sees it alive.
  const keepAlive = setInterval(() => {}, 60_000);
  const idle = new Promise<void>((resolve) => stop.signal.addEventListener("abort", () => resolve(), { once: true }));
  await Promise.all([runLoops(LOOPS, stop.signal), idle]);
  clearInterval(keepAlive);
  await inbound?.close();
  metrics?.close();
  await disconnectDb();
  await database.release();
  logger().info("worker: stopped");
  process.exit(0);
} catch (error) {
  // One plain line on stderr: whoever started the process reads it, whatever collects the logs.
  process.stderr.write(
    `worker: ${error instanceof EmbeddedPostgresError ? error.message : (error as Error).message.split("\n")[0]}\n`,
  );
  process.exit(1);
}
