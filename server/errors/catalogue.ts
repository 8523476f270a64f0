// The one catalogue of error codes (SPEC 7.3 and 7.4). The docs page, the
// HTTP pipeline, the tRPC edge and the CLI all read from here.
export type ErrorGroup = "client" | "service";

export type ErrorDefinition = {
  status: number;
  group: ErrorGroup;
  /** Default human message; call sites may give a more specific one. */
  message: string;
  /**
   * SPEC 7.4's "Retryable", as clients act on it (the SDK's retries are generated from it, through the OpenAPI
   * document's `x-retryable`): true; false or absent; or `{ unlessContext }`, worth a retry unless the error carries
   * that context field. SERVICE_UNAVAILABLE naming a `service` means this deployment has no provider for it (a retry
   * changes nothing); naming none, it is load or a brief outage (retry after Retry-After).
   */
  retryable?: boolean | { unlessContext: string };
  /** The `reason` values (and other context) an answer with this code may carry, for the errors page. */
  reasons?: Record<string, string>;
};

export const ERRORS = {
  UNAUTHORIZED: { status: 401, group: "client", message: "Missing or invalid API key" },
  ACCOUNT_SUSPENDED: { status: 403, group: "client", message: "This account is suspended" },
  FORBIDDEN: {
    status: 403,
    group: "client",
    message: "This key lacks the permission for this service",
    reasons: {
      "(no reason), with required_permission":
        "The key lacks that scope (key_permissions lists what it has): make a key with it on the API keys page",
      email_unverified:
        "A live key before an owner of the account verified their email address; test keys work meanwhile",
      geo_permission: "Verify: the destination's country is not among the countries the account chose to verify",
      number_type: "Verify: the number is not a mobile number (number_type says what it is): Verify only texts mobiles",
      fraud_guard:
        "Verify: codes to this number prefix are paused (few of them are ever checked; block_id and blocked_until say which and until when)",
      test_key_required: "USSD: the simulator is driven with a test key (its sessions are test sessions, and free)",
    },
  },
  SENDER_ID_NOT_YOURS: { status: 403, group: "client", message: "This sender ID is registered to another account" },
  CONFLICT: {
    status: 409,
    group: "client",
    message:
      "Already held: the domain is taken or already yours, or the idempotency key was used for another request (see reason)",
  },
  INVALID_JSON: { status: 400, group: "client", message: "Request body is not valid JSON" },
  INVALID_REQUEST: { status: 400, group: "client", message: "Request has the wrong shape" },
  MISSING_FIELD: {
    status: 400,
    group: "client",
    message: "A required field is absent: Missing required field: <name>",
  },
  MISSING_CONTENT: { status: 400, group: "client", message: "Either html or text is required" },
  NO_RECIPIENTS: { status: 400, group: "client", message: "No recipients" },
  TOO_MANY_RECIPIENTS: { status: 400, group: "client", message: "More than 50 recipients" },
  BATCH_LIMIT_EXCEEDED: { status: 400, group: "client", message: "More than 100 emails in a batch" },
  INVALID_INPUT: { status: 400, group: "client", message: "emails must be a non-empty array" },
  NOT_FOUND: { status: 404, group: "client", message: "Not found" },
  INVALID_EMAIL: { status: 400, group: "client", message: "Invalid email address" },
  UNVERIFIED_SENDER_DOMAIN: { status: 400, group: "client", message: "Sender domain is not verified for this account" },
  INVALID_PHONE_NUMBER: { status: 400, group: "client", message: "Phone number is not valid E.164" },
  MESSAGE_TOO_LONG: { status: 400, group: "client", message: "Message is longer than 1600 characters" },
  INVALID_CONTINENT: { status: 400, group: "client", message: "Unsupported continent" },
  INVALID_PHONE: { status: 400, group: "client", message: "Not a valid Ghanaian mobile number" },
  INVALID_NETWORK: { status: 400, group: "client", message: "Network must be one of mtn, telecel, airteltigo" },
  INVALID_AMOUNT: { status: 400, group: "client", message: "Amount must be a positive number" },
  INVALID_OPERATOR: { status: 400, group: "client", message: "operatorId must be a number" },
  INVALID_COUNTRY: { status: 400, group: "client", message: "countryCode must be an ISO 3166-1 alpha-2 code" },
  INVALID_URL: { status: 400, group: "client", message: "URL must use https://" },
  INVALID_EVENTS: { status: 400, group: "client", message: "Unsupported webhook events" },
  MISSING_ID: { status: 400, group: "client", message: "Missing required query parameter: id" },
  INSUFFICIENT_BALANCE: { status: 402, group: "client", message: "Insufficient balance" },
  RATE_LIMIT_EXCEEDED: { status: 429, group: "client", message: "Rate limit exceeded" },
  REQUEST_IN_PROGRESS: { status: 409, group: "client", message: "A request with this idempotency key is in progress" },
  // Not in SPEC's tables; the HTTP layer's own answers, documented on /docs/errors.
  METHOD_NOT_ALLOWED: { status: 405, group: "client", message: "Method not allowed on this path" },
  PAYLOAD_TOO_LARGE: { status: 413, group: "client", message: "Request body is too large" },
  SMS_SEND_FAILED: { status: 503, group: "service", message: "SMS could not be sent", retryable: true },
  WHATSAPP_SEND_FAILED: {
    status: 503,
    group: "service",
    message: "WhatsApp message could not be sent",
    retryable: true,
  },
  EMAIL_SEND_FAILED: { status: 503, group: "service", message: "Email could not be sent", retryable: true },
  PURCHASE_FAILED: { status: 503, group: "service", message: "Purchase failed", retryable: true },
  DATA_PURCHASE_FAILED: { status: 503, group: "service", message: "Data purchase failed", retryable: true },
  AIRTIME_PURCHASE_FAILED: { status: 503, group: "service", message: "Airtime purchase failed", retryable: true },
  PROVIDER_ERROR: { status: 502, group: "service", message: "Upstream provider unreachable", retryable: true },
  SERVICE_UNAVAILABLE: {
    status: 503,
    group: "service",
    message: "Service not available",
    retryable: { unlessContext: "service" },
    reasons: {
      "(no service)":
        "Load, a stalled database or a deadline missed (reason: saturated, account_share, deadline, client_closed): nothing was sent or charged; retry after Retry-After with the same idempotency_key",
      "with service":
        "This deployment has no provider for that service (live SMS, email, top-ups): a retry changes nothing",
    },
  },
  INTERNAL_ERROR: { status: 500, group: "service", message: "Internal server error", retryable: true },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERRORS;

export function docsAnchor(code: ErrorCode): string {
  return ERRORS[code].group === "client" ? "#client-error-codes" : "#service-error-codes";
}
