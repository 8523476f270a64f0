// GET /metrics (Prometheus text format), for the operator's scraper only:
// served when KASA_METRICS_TOKEN is set, to requests bearing it
// (`Authorization: Bearer <token>`). Without the setting the path does not
// exist (404); a wrong or missing token is 401. The token is compared in
// constant time and never logged.
import { createHash, timingSafeEqual } from "node:crypto";
import { AggregatorRegistry } from "prom-client";
import { metricsRegistry } from "../lib/metrics";
import type { NextThreadMetrics } from "../next-thread/messages";

export const METRICS_PATH = "/metrics";

/** `elsewhere`: series this process keeps outside this thread's registry (its Next thread's), merged in. */
export async function serveMetrics(headers: Headers, elsewhere?: () => Promise<NextThreadMetrics>): Promise<Response> {
  const token = process.env.KASA_METRICS_TOKEN;
  if (!token) return new Response("Not found\n", { status: 404 });
  const given = /^Bearer\s+(\S+)$/i.exec(headers.get("authorization") ?? "")?.[1] ?? "";
  // Hashing both sides first makes the comparison constant-time whatever their lengths.
  const digest = (value: string) => createHash("sha256").update(value).digest();
  if (!timingSafeEqual(digest(given), digest(token)))
    return new Response("Unauthorized\n", { status: 401, headers: { "www-authenticate": "Bearer" } });
  const own = metricsRegistry();
  const registry = elsewhere
    ? AggregatorRegistry.aggregate([keptWhole(await own.getMetricsAsJSON()), await elsewhere()])
    : own;
  return new Response(await registry.metrics(), {
    headers: { "content-type": registry.contentType, "cache-control": "no-store" },
  });
}

/**
 * Merging drops the series prom-client marks "omit" (the process's start time, meant for clusters of processes);
 * this thread's own are the process's, so they are kept as they are.
 */
function keptWhole(metrics: NextThreadMetrics): NextThreadMetrics {
  return metrics.map((m) => (m.aggregator === "omit" ? { ...m, aggregator: "first" } : m));
}
