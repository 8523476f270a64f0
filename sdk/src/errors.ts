import type { ErrorCode } from "./types.js";

/** Fields of SPEC 7.1's error object that are not context. */
const ENVELOPE_FIELDS = new Set(["code", "message", "docs_url"]);

/**
 * An answer of the API that was not a success: SPEC 7.1's error object, with
 * its context fields (`required`, `retryAfter`, `errors`, `transaction_id`...)
 * in `context`. Branch on `code`, never on `message`.
 */
export class KasaError extends Error {
  override readonly name = "KasaError";
  /** SPEC's code; a code this SDK predates arrives as a plain string. */
  readonly code: ErrorCode | (string & {});
  readonly status: number;
  /** The error's entry on the deployment's /docs/errors page (null when the answer was not Kasa's). */
  readonly docsUrl: string | null;
  readonly context: Readonly<Record<string, unknown>>;
  /** The X-Request-Id of the answer: the request log's key, for support. */
  readonly requestId: string | null;

  constructor(input: {
    code: string;
    message: string;
    status: number;
    docsUrl: string | null;
    context?: Record<string, unknown>;
    requestId: string | null;
  }) {
    super(input.message);
    this.code = input.code;
    this.status = input.status;
    this.docsUrl = input.docsUrl;
    this.context = input.context ?? {};
    this.requestId = input.requestId;
  }

  /** The transaction the failed request created, when it got that far (its record shows what happened). */
  get transactionId(): string | undefined {
    const id = this.context.transaction_id ?? this.context.batch_id;
    return typeof id === "string" ? id : undefined;
  }
}

/** The request never got an answer: a refused or dropped connection, a DNS failure, or the timeout. */
export class KasaConnectionError extends Error {
  override readonly name = "KasaConnectionError";
  readonly timedOut: boolean;

  constructor(message: string, options: { cause?: unknown; timedOut?: boolean } = {}) {
    super(message, { cause: options.cause });
    this.timedOut = options.timedOut ?? false;
  }
}

/** A KasaError from an error answer; a body that is not Kasa's envelope (a proxy's page) keeps its status. */
export function errorFromAnswer(status: number, body: unknown, requestId: string | null): KasaError {
  const error = (body as { error?: unknown } | null)?.error;
  if (!error || typeof error !== "object" || typeof (error as { code?: unknown }).code !== "string")
    return new KasaError({
      code: "UNEXPECTED_RESPONSE",
      message: `The server answered ${status} without a Kasa error object`,
      status,
      docsUrl: null,
      requestId,
    });
  const fields = error as Record<string, unknown>;
  let context: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) if (!ENVELOPE_FIELDS.has(name)) context[name] = value;
  // SPEC 7.1: some answers nest context under `details`; clients tolerate both, so both read the same here.
  const { details, ...flat } = context;
  if (details && typeof details === "object" && !Array.isArray(details)) context = { ...details, ...flat };
  return new KasaError({
    code: fields.code as string,
    message: typeof fields.message === "string" ? fields.message : String(fields.code),
    status,
    docsUrl: typeof fields.docs_url === "string" ? fields.docs_url : null,
    context,
    requestId,
  });
}
