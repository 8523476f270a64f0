// GET /metrics (Prometheus text format), for the operator's scraper only:
// served when KASA_METRICS_TOKEN is set, to requests bearing it
// (`Authorization: Bearer <token>`). Without the setting the path does not
// exist (404); a wrong or missing token is 401. The token is compared in
// constant time and never logged.
import { createHash, timingSafeEqual } from "node:crypto";
import { AggregatorRegistry } from "prom-client";
import { metricsRegistry, type MetricsSnapshot } from "../lib/metrics";
import type { ApiAnswer } from "./envelope";
import { config } from "../config/config";

export const METRICS_PATH = "/metrics";

/** `elsewhere`: series this process keeps outside this thread's registry (its Next thread's), merged in. */
export async function serveMetrics(headers: Headers, elsewhere?: () => Promise<MetricsSnapshot>): Promise<ApiAnswer> {
  const token = config().KASA_METRICS_TOKEN;
  if (!token) return plain(404, "Not found\n");
  const given = /^Bearer\s+(\S+)$/i.exec(headers.get("authorization") ?? "")?.[1] ?? "";
  // Hashing both sides first makes the comparison constant-time whatever their lengths.
  const digest = (value: string) => createHash("sha256").update(value).digest();
  if (!timingSafeEqual(digest(given), digest(token)))
    return plain(401, "Unauthorized\n", { "www-authenticate": "Bearer" });
  const own = metricsRegistry();
  const registry = elsewhere
    ? AggregatorRegistry.aggregate([keptWhole(await own.getMetricsAsJSON()), await elsewhere()])
    : own;
  return {
    status: 200,
    headers: { "content-type": registry.contentType, "cache-control": "no-store" },
    text: await registry.metrics(),
  };
}

function plain(status: number, text: string, headers: Record<string, string> = {}): ApiAnswer {
  return { status, headers: { "content-type": "text/plain; charset=utf-8", ...headers }, text };
}

/**
 * Merging drops the series prom-client marks "omit" (the process's start time, meant for clusters of processes);
 * this thread's own are the process's, so they are kept as they are.
 */
function keptWhole(metrics: MetricsSnapshot): MetricsSnapshot {
  return metrics.map((m) => (m.aggregator === "omit" ? { ...m, aggregator: "first" } : m));
}
