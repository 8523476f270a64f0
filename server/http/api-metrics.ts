import { counter, histogram } from "../lib/metrics";

const requests = () =>
  counter("kasa_api_requests_total", "Answers to /api/v1 requests, by endpoint and HTTP status", [
    "method",
    "route",
    "status",
  ]);
const latency = () =>
  histogram(
    "kasa_api_request_duration_seconds",
    "Time to answer /api/v1 requests, by endpoint",
    ["method", "route"],
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  );

export function observeApiAnswer(a: { method: string; route: string; status: number; seconds: number }): void {
  requests().inc({ method: a.method, route: a.route, status: String(a.status) });
  latency().observe({ method: a.method, route: a.route }, a.seconds);
}
