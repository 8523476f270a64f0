// Every /api/v1 answer leaves two traces: its line in the account's request
// log (the dashboard's Request log) and one structured log line for the
// operator. Neither holds a key, a body or a secret: the key by its prefix only.
import { requestLineLogger } from "../lib/logger";
import { recordRequest } from "../modules/requestlog/request-log-buffer";
import type { ApiCaller } from "../modules/keys/resolve-api-key";
import type { Service } from "../modules/limits/plan-limits";
import { observeApiAnswer } from "./api-metrics";
import { redactBody } from "../modules/requestlog/redact-body";

export type Answer = {
  requestId: string;
  method: string;
  path: string;
  /** The endpoint's declared path, or null for an unknown one (keeps the metrics' labels bounded). */
  route: string | null;
  arrivedAt: Date;
  startedMs: number;
  caller: ApiCaller | null;
  status: number;
  errorCode: string | null;
  transactionId: string | null;
  replayed: boolean;
  service: Service | null;
  /** What the request carried (its JSON body) and the answer's JSON, for a known account's detail panel; redacted here. */
  bodies?: { request: unknown; response: unknown };
};

export function recordAnswer(a: Answer): void {
  const latencyMs = Math.round(performance.now() - a.startedMs);
  recordRequest({
    // The line is dated when the request arrived, so it sorts before what the request caused.
    createdAt: a.arrivedAt,
    requestId: a.requestId,
    accountId: a.caller?.accountId ?? null,
    apiKeyId: a.caller?.keyId ?? null,
    keyPrefix: a.caller?.keyPrefix ?? null,
    mode: a.caller?.mode ?? null,
    method: a.method,
    path: a.path,
    status: a.status,
    errorCode: a.errorCode,
    latencyMs,
    transactionId: a.transactionId,
    idempotentReplay: a.replayed,
    service: a.service,
    // Redacted and capped here, not at the flush: lines wait in memory (up to minutes while the database is away),
    // and a waiting line must never hold a 28 MB email body or a secret.
    bodies:
      a.caller && a.bodies
        ? { request: redactBody(a.bodies.request), response: redactBody(a.bodies.response) }
        : undefined,
  });
  observeApiAnswer({ method: a.method, route: a.route ?? "unknown", status: a.status, seconds: latencyMs / 1000 });
  requestLineLogger().info(
    {
      request_id: a.requestId,
      account_id: a.caller?.accountId ?? null,
      key_prefix: a.caller?.keyPrefix ?? null,
      mode: a.caller?.mode ?? null,
      endpoint: `${a.method} ${a.route ?? a.path}`,
      status: a.status,
      latency_ms: latencyMs,
      error_code: a.errorCode,
      transaction_id: a.transactionId,
    },
    "api request",
  );
}
