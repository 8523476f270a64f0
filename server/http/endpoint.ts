// The /api/v1 pipeline (DESIGN.md). Its order is part of the contract:
// 1 authenticate (headers only) -> 2 read and check the input -> 3 business
// validation (prepare) -> idempotency claim -> 4 rate limit (live keys) ->
// execute (reserve, provider, settle) -> store or release the idempotency key.
// Nothing but the request-log line is written when steps 1-3 fail.
import type { z } from "zod";
import type { ErrorCode } from "../errors/catalogue";
import { AppError, isAppError } from "../errors/app-error";
import { authorize, identifyCaller, keyFingerprint } from "./authenticate";
import { DEFAULT_MAX_BODY_BYTES } from "./read-body";
import type { ApiRequest } from "./api-request";
import { recordAnswer } from "./record-answer";
import { newRequestId } from "../lib/ids";
import { writeOrRetryLater } from "../db/write-or-retry";
import { admit, admitAccount, type ShedReason } from "./admission";
import { deadlineMissed, requestDeadlineMs, startDeadline, type Deadline } from "./deadline";
import { onNextStall } from "../db/stall-watch";
import { parseJsonObject } from "./parse-json-object";
import { validateInput } from "../errors/validate-input";
import { errorBody, jsonAnswer, type ApiAnswer } from "./envelope";
import { renderError } from "./render-error";
import { rateLimitHeaders } from "./rate-limit-headers";
import type { ApiCaller } from "../modules/keys/resolve-api-key";
import { auditApiChange } from "./audit-api-change";
import type { Scope } from "../modules/keys/scopes";
import type { Service } from "../modules/limits/plan-limits";
import {
  consumeRateLimit,
  giveBackRateLimit,
  readRateLimit,
  type RateLimitResult,
} from "../modules/limits/consume-rate-limit";
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  releaseIdempotencyKey,
  requestFingerprint,
  type IdempotencyScope,
} from "../modules/idempotency/idempotency-key";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
/** What `data` holds is the endpoint's response schema's type: the use case cannot answer a shape the document does not say. */
export type EndpointResult<O = unknown> = { status?: number; data: O; transactionId?: string };

/** "key": an API key is required; "public": no key, none is read. */
export type EndpointAuth = "key" | "public";
/** What the use case gets: a key-authenticated endpoint always has its caller. */
export type CallerOf<A extends EndpointAuth> = A extends "key" ? ApiCaller : null;

export type EndpointDefinition<I, P = undefined, A extends EndpointAuth = EndpointAuth, O = unknown> = {
  method: HttpMethod;
  path: string;
  summary: string;
  auth: A;
  scope?: Scope;
  /** The rate-limited service of SPEC 8.3 (live keys only). */
  service?: Service;
  /** The use case's own schema: required fields, their SPEC codes (answersWith) and the OpenAPI entry all come from it. */
  input: { from: "body" | "query"; schema: z.ZodType<I>; maxBytes?: number };
  /** SPEC 8.2: honour `idempotency_key` in the input, scoped to this name. */
  idempotency?: string;
  prepare?: (ctx: { input: I; caller: CallerOf<A> }) => Promise<P>;
  /**
   * For the OpenAPI document: what `data` holds on success (a zod schema) and
   * the error codes this endpoint adds to the ones the pipeline itself can answer.
   */
  docs: {
    response: z.ZodType<O>;
    errors?: ErrorCode[];
    status?: number;
    /** Fields of which at least one must be given (a rule a schema of optional fields cannot say): `x-require-one-of`. */
    requireOneOf?: string[];
    /** Rules that depend on data or on several fields together, which no field's schema can say: in the description. */
    rules?: string[];
  };
  /** A change worth the account's audit log (webhooks, domains): what it was, once it succeeded; the key is the actor. */
  audit?: (ctx: { input: I; data: unknown }) => { action: string; target: string; data?: Record<string, unknown> };
  /**
   * `limit`: the counters this request was just counted in (live keys of a limited service);
   * `idempotency`: the claimed key, to bind to the transaction in the statement that creates it.
   */
  execute: (ctx: {
    input: I;
    prepared: P;
    caller: CallerOf<A>;
    limit?: RateLimitResult;
    idempotency?: IdempotencyScope;
    /** The request's deadline: a send calls `commit()` right before it hands the message over. */
    deadline: Deadline;
  }) => Promise<EndpointResult<NoInfer<O>>>;
  /**
   * The answer for a transaction whose request died (or lost its database) after creating it, as the
   * transaction now stands: a retry with the same idempotency key gets this and never runs `execute` again.
   * Throws the settled error for a failed one, REQUEST_IN_PROGRESS for one still being settled.
   */
  recover?: (ctx: { transactionId: string; caller: CallerOf<A> }) => Promise<EndpointResult<NoInfer<O>>>;
};

export type Endpoint = {
  method: HttpMethod;
  path: string;
  summary: string;
  /** Answers one request; every answer carries X-Request-Id and is recorded (request log, metrics, log line). */
  handle(request: ApiRequest): Promise<ApiAnswer>;
  definition: EndpointDefinition<unknown, unknown, EndpointAuth>;
};

export const REPLAY_MESSAGE =
  "This response was replayed from an earlier request with the same idempotency_key; nothing was sent again.";

export function defineEndpoint<I, P = undefined, A extends EndpointAuth = EndpointAuth, O = unknown>(
  def: EndpointDefinition<I, P, A, O>,
): Endpoint {
  async function run(request: ApiRequest, trace: Trace, deadline: Deadline): Promise<ApiAnswer> {
    // Headers only: a refused key is answered before the body is read. Once the key is known, the
    // request is the account's, in its request log, even when the key may not do this (403).
    const caller = (def.auth === "key" ? await identifyCaller(request.headers) : null) as CallerOf<A>;
    trace.caller = caller;
    if (caller) authorize(caller, def.scope);
    // No account may hold more than its share of this process's slots.
    const share = caller ? admitAccount(caller.accountId) : null;
    if (caller && !share) throw overloaded("account_share");
    try {
      return await runAdmitted(request, trace, deadline, caller);
    } finally {
      share?.release();
    }
  }

  async function runAdmitted(
    request: ApiRequest,
    trace: Trace,
    deadline: Deadline,
    caller: CallerOf<A>,
  ): Promise<ApiAnswer> {
    // The live caller's counters of SPEC 8.3, when this endpoint is rate limited.
    const counters =
      def.service !== undefined && caller?.mode === "live"
        ? { accountId: caller.accountId, planId: caller.planId, service: def.service }
        : null;
    try {
      const given =
        def.input.from === "body"
          ? parseJsonObject(await request.readBody(def.input.maxBytes ?? DEFAULT_MAX_BODY_BYTES))
          : Object.fromEntries(request.url.searchParams);
      if (def.input.from === "body") trace.requestBody = given;
      // The path's parameters are fields of the input like any other, and win over a same-named one in the query
      // or body: the path is what the client addressed.
      const raw = { ...given, ...request.pathParams };
      const input = validateInput(def.input.schema, raw, def.input.from);
      const prepared = (def.prepare ? await def.prepare({ input, caller }) : undefined) as P;
      deadline.checkpoint();

      let idem = idempotencyScope(def.idempotency, caller, input);
      if (idem) {
        const claim = await claimIdempotencyKey(idem, requestFingerprint(raw));
        if (claim.outcome === "claimed") idem = { ...idem, claimToken: claim.claimToken };
        if (claim.outcome === "replay") return replay(claim.status, claim.body, trace);
        if (claim.outcome === "in_progress" || (claim.outcome === "bound" && !def.recover)) throw inProgress(idem.key);
        if (claim.outcome === "bound") return await answerBound(idem, claim.transactionId, caller, trace);
        if (claim.outcome === "mismatch")
          throw new AppError("CONFLICT", {
            message: `idempotency_key "${idem.key}" was already used with a different request`,
            context: { reason: "idempotency_key_reused" },
          });
      }
      try {
        deadline.checkpoint();
        if (counters) trace.limit = await consumeRateLimit(counters);
        deadline.checkpoint();
        const result = await def.execute({ input, prepared, caller, limit: trace.limit, idempotency: idem, deadline });
        const status = result.status ?? 200;
        const body = { success: true, data: result.data };
        if (def.audit && caller) await auditApiChange(caller, def.audit({ input, data: result.data }));
        // The send happened: if the database is away now, the key's answer is stored when it is back (and a
        // retry meanwhile is answered from the transaction the key is bound to).
        if (idem)
          await writeOrRetryLater(
            "idempotency answer",
            () => completeIdempotencyKey({ scope: idem, status, body }),
            deadline.remainingMs(),
          );
        trace.transactionId = result.transactionId ?? null;
        trace.answered = body;
        return jsonAnswer(body, status, rateLimitHeaders(trace.limit));
      } catch (error) {
        if (idem && isAppError(error) && error.keepsIdempotencyKey)
          await writeOrRetryLater("idempotency answer", async () =>
            completeIdempotencyKey({ scope: idem, status: error.status, body: errorBody(error) }),
          ).catch(() => undefined);
        // A key that cannot be released now stays claimed: with no transaction it is taken over once its lock
        // runs out; with one, a retry is answered from it.
        else if (idem) await releaseIdempotencyKey(idem).catch(() => undefined);
        // No transaction record means nothing was attempted: the request uses no quota.
        if (
          counters &&
          trace.limit &&
          isAppError(error) &&
          error.context.transaction_id === undefined &&
          error.context.batch_id === undefined
        ) {
          await giveBackRateLimit({ ...counters, counted: trace.limit }).catch(() => undefined);
          trace.limit = undefined;
        }
        throw error;
      }
    } catch (error) {
      if (counters && !trace.limit) trace.limit = await readRateLimit(counters).catch(() => undefined);
      throw error;
    }
  }

  /** A retry of a request that created its transaction and then died: that transaction, as it stands. */
  async function answerBound(
    idem: IdempotencyScope,
    transactionId: string,
    caller: CallerOf<A>,
    trace: Trace,
  ): Promise<ApiAnswer> {
    trace.transactionId = transactionId;
    let result: EndpointResult;
    try {
      result = await def.recover!({ transactionId, caller });
    } catch (error) {
      // Settled as failed (refunded): the key is free again, as after any failed send (SPEC 8.2 rule 5).
      if (isAppError(error) && error.code !== "REQUEST_IN_PROGRESS") await releaseIdempotencyKey(idem);
      throw error;
    }
    const body = { success: true, data: result.data };
    await completeIdempotencyKey({ scope: idem, status: result.status ?? 200, body });
    return replay(result.status ?? 200, body, trace);
  }

  async function handle(request: ApiRequest): Promise<ApiAnswer> {
    const startedMs = performance.now();
    const arrivedAt = new Date();
    const requestId = newRequestId();
    const trace: Trace = { caller: null, limit: undefined, transactionId: null, replayed: false };
    let response: ApiAnswer;
    let errorCode: string | null = null;
    // Refused at once when the process is full: no body read, no database.
    const slot = admit(def.auth === "key" ? keyFingerprint(request.headers) : null);
    try {
      if ("refused" in slot) throw overloaded(slot.refused);
      const deadline = startDeadline(requestDeadlineMs(), request.clientGone);
      const running = run(request, trace, deadline);
      running
        .catch(() => undefined)
        .finally(() => {
          deadline.dispose();
          slot.release();
        });
      response = await answerInTime(running, deadline, request);
    } catch (error) {
      const retryAfter =
        isAppError(error) && error.code === "RATE_LIMIT_EXCEEDED" ? Number(error.context.retryAfter) : undefined;
      const rendered = renderError(error, rateLimitHeaders(trace.limit, retryAfter));
      response = rendered.answer;
      trace.answered = errorBody(rendered.appError);
      errorCode = rendered.appError.code;
      trace.transactionId = (rendered.appError.context.transaction_id ?? rendered.appError.context.batch_id ?? null) as
        string | null;
    }
    response.headers["x-request-id"] = requestId;
    recordAnswer({
      requestId,
      method: request.method,
      path: request.url.pathname,
      route: def.path,
      arrivedAt,
      startedMs,
      caller: trace.caller,
      status: response.status,
      errorCode,
      transactionId: trace.transactionId,
      replayed: trace.replayed,
      service: def.service ?? null,
      bodies: trace.caller
        ? {
            request: trace.requestBody ?? null,
            response: request.annotateAnswer
              ? request.annotateAnswer(trace.answered ?? null, response.status)
              : (trace.answered ?? null),
          }
        : undefined,
    });
    return response;
  }

  return {
    method: def.method,
    path: def.path,
    summary: def.summary,
    handle,
    definition: def as unknown as EndpointDefinition<unknown, unknown, EndpointAuth>,
  };
}

type Trace = {
  caller: ApiCaller | null;
  limit: RateLimitResult | undefined;
  transactionId: string | null;
  replayed: boolean;
  /** The parsed JSON body, once read (body endpoints only). */
  requestBody?: unknown;
  /** The answer's JSON as it was built (for the request log's detail), rather than read back from the Response. */
  answered?: unknown;
};

/**
 * The request's answer, unless its time runs out, or the database stalls, before it handed anything over:
 * then 503 now, and what still runs stops at its next checkpoint. Once handed over, it is finished.
 */
function answerInTime(running: Promise<ApiAnswer>, deadline: Deadline, request: ApiRequest): Promise<ApiAnswer> {
  return new Promise((resolve, reject) => {
    let stalled = false;
    const stopListening = onNextStall(() => {
      stalled = true;
      deadline.abort();
    });
    const onTimeUp = () => {
      if (deadline.committed) return;
      reject(stalled ? overloaded("database_busy") : deadlineMissed(requestDeadlineMs(), request.clientGone?.gone));
    };
    const stopWaiting = deadline.onEnd(onTimeUp);
    running.then(resolve, reject).finally(() => {
      stopListening();
      stopWaiting();
    });
  });
}

/** A refusal for load (counted by admission.ts when it refused). */
function overloaded(reason: ShedReason) {
  return new AppError("SERVICE_UNAVAILABLE", {
    message:
      reason === "account_share"
        ? "This account has as many requests in progress as it may have at once; retry shortly"
        : reason === "database_busy"
          ? "The database is not keeping up right now; nothing was done, retry shortly"
          : "The service is at capacity; retry shortly",
    context: { reason },
  });
}

function inProgress(key: string) {
  return new AppError("REQUEST_IN_PROGRESS", {
    message: `A request with idempotency_key "${key}" is still in progress; retry shortly`,
  });
}

function idempotencyScope(
  service: string | undefined,
  caller: ApiCaller | null,
  input: unknown,
): IdempotencyScope | undefined {
  const key = (input as { idempotency_key?: unknown }).idempotency_key;
  if (!service || !caller || typeof key !== "string") return undefined;
  return { accountId: caller.accountId, mode: caller.mode, service, key };
}

function replay(status: number, body: unknown, trace: Trace): ApiAnswer {
  trace.replayed = true;
  const stored = body as { data?: { transaction_id?: string } };
  trace.transactionId = stored.data?.transaction_id ?? null;
  trace.answered = { ...(body as object), _idempotent: { replayed: true, message: REPLAY_MESSAGE } };
  return jsonAnswer(trace.answered, status, {
    "X-Idempotent-Replay": "true",
  });
}
