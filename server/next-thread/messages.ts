// What the web process and its Next thread say to each other (worker_threads messages).
import type { MetricsSnapshot } from "../lib/metrics";

export type NextThreadData = { socketPath: string; hostname: string; port: number };

export type ToNextThread = { type: "metrics"; id: number } | { type: "stop" };

export type NextThreadMetrics = MetricsSnapshot;

export type FromNextThread = { type: "ready" } | { type: "metrics"; id: number; metrics: NextThreadMetrics };
