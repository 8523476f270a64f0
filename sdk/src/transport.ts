// One API call: the request, its timeout, its retries and the reading of the
// answer into data or a KasaError.
import { errorFromAnswer, KasaConnectionError, KasaError } from "./errors.js";
import { retryDelayMs, type Failure } from "./retry.js";
import type { HttpMethod } from "./types.js";
import { SDK_VERSION } from "./version.js";

export type TransportOptions = {
  apiKey: string;
  baseUrl: string;
  fetch: typeof fetch;
  maxRetries: number;
  timeoutMs: number;
};

/** Per call, overriding the client's settings. */
export type RequestOptions = {
  signal?: AbortSignal;
  timeoutMs?: number;
  maxRetries?: number;
};

export type KasaResponse<T> = {
  data: T;
  status: number;
  headers: Headers;
  /** The X-Request-Id of the answer. */
  requestId: string | null;
  /** True when the API answered from an earlier request with the same idempotency_key (SPEC 8.2). */
  replayed: boolean;
  /** How many times the request was sent: 1 when it was not retried. */
  attempts: number;
};

export type Call = {
  method: HttpMethod;
  path: string;
  query?: object;
  body?: object;
  /** Whether sending it twice cannot do the work twice (a read, or a body with an idempotency key). */
  repeatable: boolean;
  options?: RequestOptions;
};

export async function send<T>(settings: TransportOptions, call: Call): Promise<KasaResponse<T>> {
  const url = urlOf(settings.baseUrl, call.path, call.query);
  const init = {
    method: call.method,
    headers: {
      authorization: `Bearer ${settings.apiKey}`,
      accept: "application/json",
      "user-agent": `kasa-sdk-typescript/${SDK_VERSION}`,
      ...(call.body ? { "content-type": "application/json" } : {}),
    },
    // Serialised once: every retry sends the same bytes, idempotency key included.
    body: call.body ? JSON.stringify(call.body) : undefined,
  };
  const maxRetries = call.options?.maxRetries ?? settings.maxRetries;
  const timeoutMs = call.options?.timeoutMs ?? settings.timeoutMs;
  for (let attempt = 0; ; attempt++) {
    const outcome = await attemptOnce(settings.fetch, url, init, timeoutMs, call.options?.signal);
    if ("answer" in outcome) return { ...outcome.answer, attempts: attempt + 1 } as KasaResponse<T>;
    const delay = attempt < maxRetries ? retryDelayMs(outcome.failure, attempt, call.repeatable) : null;
    if (delay === null) throw outcome.thrown;
    await sleep(delay, call.options?.signal);
  }
}

type Outcome =
  { answer: Omit<KasaResponse<unknown>, "attempts"> } | { failure: Failure; thrown: KasaError | KasaConnectionError };

async function attemptOnce(
  fetchFn: typeof fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
  callerSignal: AbortSignal | undefined,
): Promise<Outcome> {
  callerSignal?.throwIfAborted();
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const stopFollowingCaller = follow(callerSignal, timeout);
  let response: Response;
  let body: unknown;
  try {
    response = await fetchFn(url, { ...init, signal: timeout.signal });
    body = await readJson(response);
  } catch (cause) {
    // The caller's own abort ends the call as the caller asked; it is no failure of the API's.
    callerSignal?.throwIfAborted();
    const timedOut = timeout.signal.aborted;
    const message = timedOut
      ? `${init.method} ${url} got no answer within ${timeoutMs} ms`
      : `${init.method} ${url} failed: ${(cause as Error)?.message ?? String(cause)}`;
    return { failure: { kind: "no_answer", timedOut }, thrown: new KasaConnectionError(message, { cause, timedOut }) };
  } finally {
    clearTimeout(timer);
    stopFollowingCaller();
  }
  const requestId = response.headers.get("x-request-id");
  const envelope = body as { success?: unknown; data?: unknown; _idempotent?: unknown } | null;
  if (response.ok && envelope?.success === true)
    return {
      answer: {
        data: envelope.data,
        status: response.status,
        headers: response.headers,
        requestId,
        replayed: response.headers.get("x-idempotent-replay") === "true" || envelope._idempotent !== undefined,
      },
    };
  const error = errorFromAnswer(response.status, body, requestId);
  return { failure: { kind: "answer", error, retryAfter: response.headers.get("retry-after") }, thrown: error };
}

/** The body as JSON, or null when it is not JSON (a proxy's error page): the status still tells what happened. */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function urlOf(baseUrl: string, path: string, query: object | undefined): string {
  const url = new URL(baseUrl.replace(/\/+$/, "") + path);
  for (const [name, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
  return url.toString();
}

/** Aborts `target` when `source` aborts; returns the unsubscribe (AbortSignal.any is missing from older runtimes). */
function follow(source: AbortSignal | undefined, target: AbortController): () => void {
  if (!source) return () => undefined;
  const abort = () => target.abort(source.reason);
  source.addEventListener("abort", abort, { once: true });
  return () => source.removeEventListener("abort", abort);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener("abort", aborted);
      resolve();
    }
    function aborted() {
      clearTimeout(timer);
      reject(signal!.reason);
    }
    signal?.addEventListener("abort", aborted, { once: true });
  });
}
