// Every request and answer type of the SDK is read from the generated
// document types, so none is written by hand and none can drift from the API.
import type { components, paths, webhooks } from "./generated/openapi.js";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Verb<M extends HttpMethod> = Lowercase<M>;

/** The paths that have an operation for this method. */
export type PathFor<M extends HttpMethod> = {
  [P in keyof paths]: paths[P][Verb<M>] extends { responses: object } ? P : never;
}[keyof paths];

type Operation<M extends HttpMethod, P extends PathFor<M>> = NonNullable<paths[P][Verb<M>]>;

/** The JSON body an operation takes. */
export type BodyOf<M extends HttpMethod, P extends PathFor<M>> =
  Operation<M, P> extends { requestBody: { content: { "application/json": infer B } } } ? B : never;

/** The query parameters an operation takes ({} when it takes none). */
export type QueryOf<M extends HttpMethod, P extends PathFor<M>> =
  Operation<M, P> extends { parameters: { query?: infer Q } }
    ? [NonNullable<Q>] extends [never]
      ? object
      : NonNullable<Q>
    : object;

/** The path parameters an operation takes, `{name}` in its path ({} when it takes none). */
export type PathParamsOf<M extends HttpMethod, P extends PathFor<M>> =
  Operation<M, P> extends { parameters: { path?: infer Q } }
    ? [NonNullable<Q>] extends [never]
      ? object
      : NonNullable<Q>
    : object;

type SuccessBody<O> = O extends { responses: { 200: { content: { "application/json": infer R } } } }
  ? R
  : O extends { responses: { 201: { content: { "application/json": infer R } } } }
    ? R
    : never;

/** What `data` holds when the operation succeeds. */
export type DataOf<M extends HttpMethod, P extends PathFor<M>> =
  SuccessBody<Operation<M, P>> extends { data: infer D } ? D : never;

/** Every error code the API documents. Codes added later still arrive, as plain strings. */
export type ErrorCode = components["schemas"]["Error"]["error"]["code"];

/** A webhook event name the API documents. */
export type WebhookEventName = keyof webhooks;

/** The parsed body of a verified webhook delivery, narrowed by its `event`. */
export type WebhookEvent = {
  [E in WebhookEventName]: NonNullable<webhooks[E]["post"]>["requestBody"]["content"]["application/json"];
}[WebhookEventName];

/** A method's arguments: its input (optional when every field is) and per-call options. */
export type Args<Input, Options> =
  Record<never, never> extends Input ? [input?: Input, options?: Options] : [input: Input, options?: Options];
