export { Kasa, type KasaOptions, type RawInput } from "./client.js";
export { KasaError, KasaConnectionError } from "./errors.js";
export { verifyWebhook, KasaWebhookError, type VerifyWebhookOptions, type WebhookHeaders } from "./webhooks.js";
export { verifyUssdCallback, ussdAnswer, type UssdCallback } from "./ussd.js";
export { newIdempotencyKey } from "./idempotency.js";
export type { KasaResponse, RequestOptions } from "./transport.js";
export type { Resources } from "./resources.js";
export type {
  Args,
  BodyOf,
  DataOf,
  ErrorCode,
  HttpMethod,
  PathFor,
  QueryOf,
  WebhookEvent,
  WebhookEventName,
} from "./types.js";
export type { paths, webhooks, components } from "./generated/openapi.js";
export { SDK_VERSION } from "./version.js";
