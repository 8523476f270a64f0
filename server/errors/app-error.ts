import { ERRORS, type ErrorCode } from "./catalogue";

export type ErrorContext = Record<string, unknown>;

/** What services throw; each edge (HTTP, tRPC, CLI) renders it its own way. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly context: ErrorContext;
  /** Overrides the catalogue status where SPEC allows two (400 or 503). */
  readonly status: number;
  /**
   * The request did something whose outcome is still open (a purchase held
   * pending): its idempotency key keeps this answer instead of being released,
   * so a retry replays it rather than buying again.
   */
  readonly keepsIdempotencyKey: boolean;

  constructor(
    code: ErrorCode,
    options: { message?: string; context?: ErrorContext; status?: number; keepsIdempotencyKey?: boolean } = {},
  ) {
    super(options.message ?? ERRORS[code].message);
    this.name = "AppError";
    this.code = code;
    this.context = options.context ?? {};
    this.status = options.status ?? ERRORS[code].status;
    this.keepsIdempotencyKey = options.keepsIdempotencyKey ?? false;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
