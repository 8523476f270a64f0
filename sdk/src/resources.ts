// The API's operations as methods, grouped by resource. Each method takes the
// operation's JSON body (POST, PUT) or query parameters (GET, DELETE) as one object,
// with its path parameters (`{phone_number}`) among them, typed from the generated
// document, and resolves to the answer's `data`.
import { withIdempotencyKey } from "./idempotency.js";
import { send, type RequestOptions, type TransportOptions } from "./transport.js";
import type { Args, BodyOf, DataOf, HttpMethod, PathFor, PathParamsOf, QueryOf } from "./types.js";

export type Resources = ReturnType<typeof resourcesOf>;

/** A GET: its query parameters (optional when none is required), resolving to `data`. */
export type ReadMethod<P extends PathFor<"GET">> = (
  ...args: Args<QueryOf<"GET", P> & PathParamsOf<"GET", P>, RequestOptions>
) => Promise<DataOf<"GET", P>>;
export type RemoveMethod<P extends PathFor<"DELETE">> = (
  ...args: Args<QueryOf<"DELETE", P>, RequestOptions>
) => Promise<DataOf<"DELETE", P>>;
export type WriteMethod<P extends PathFor<"POST">> = (
  ...args: Args<BodyOf<"POST", P>, RequestOptions>
) => Promise<DataOf<"POST", P>>;
export type ReplaceMethod<P extends PathFor<"PUT">> = (
  ...args: Args<BodyOf<"PUT", P>, RequestOptions>
) => Promise<DataOf<"PUT", P>>;
export type UpdateMethod<P extends PathFor<"PATCH">> = (
  ...args: Args<BodyOf<"PATCH", P> & PathParamsOf<"PATCH", P>, RequestOptions>
) => Promise<DataOf<"PATCH", P>>;
export type SendMethod<P extends PathFor<"POST">> = (
  body: BodyOf<"POST", P>,
  options?: RequestOptions,
) => Promise<DataOf<"POST", P>>;

export function resourcesOf(settings: TransportOptions) {
  async function call<T>(
    method: HttpMethod,
    path: string,
    input: unknown,
    repeatable: boolean,
    options?: RequestOptions,
  ) {
    const filled = fillPath(path, input as Record<string, unknown> | undefined);
    const where =
      method === "POST" || method === "PUT" || method === "PATCH"
        ? { body: filled.rest ?? {} }
        : { query: filled.rest };
    return (await send<T>(settings, { method, path: filled.path, ...where, repeatable, options })).data;
  }

  const read =
    <P extends PathFor<"GET">>(path: P): ReadMethod<P> =>
    (...[query, options]) =>
      call("GET", path, query, true, options);

  const remove =
    <P extends PathFor<"DELETE">>(path: P): RemoveMethod<P> =>
    (...[query, options]) =>
      call("DELETE", path, query, false, options);

  /** A POST that changes something: sending it twice may do it twice, so it is sent again only after a 429. */
  const write =
    <P extends PathFor<"POST">>(path: P): WriteMethod<P> =>
    (...[body, options]) =>
      call("POST", path, body, false, options);

  /** A PUT: the whole resource replaced (sending it twice leaves the same content, but makes another version). */
  const replace =
    <P extends PathFor<"PUT">>(path: P): ReplaceMethod<P> =>
    (...[body, options]) =>
      call("PUT", path, body, false, options);

  /** A PATCH: the fields given change, the others stay (sending it twice leaves the same). */
  const update =
    <P extends PathFor<"PATCH">>(path: P): UpdateMethod<P> =>
    (...[body, options]) =>
      call("PATCH", path, body, true, options);

  /** A GET that is charged (a lookup): sent again only after a 429, so a lost answer is never paid for twice. */
  const readCharged =
    <P extends PathFor<"GET">>(path: P): ReadMethod<P> =>
    (...[query, options]) =>
      call("GET", path, query, false, options);

  /** A send or purchase: it carries an idempotency key (SPEC 8.2), so any retryable failure is sent again. */
  const sendOnce =
    <P extends PathFor<"POST">>(path: P): SendMethod<P> =>
    (body, options) =>
      call("POST", path, withIdempotencyKey(body as object), true, options);

  return {
    sms: {
      send: sendOnce("/api/v1/sms/send"),
      status: read("/api/v1/sms/status"),
      countries: read("/api/v1/sms/countries"),
      inbound: read("/api/v1/sms/inbound"),
      /** A message waiting for its country's window: cancelled, its held price released. */
      cancel: write("/api/v1/sms/{id}/cancel"),
    },
    email: {
      send: sendOnce("/api/v1/email/send"),
      /** SPEC 8.2: a batch takes no idempotency key, so it is never retried after it may have been sent. */
      batch: write("/api/v1/email/batch"),
      status: read("/api/v1/email/status"),
      cancel: write("/api/v1/email/cancel"),
    },
    webhooks: {
      register: write("/api/v1/webhooks"),
      list: read("/api/v1/webhooks"),
      delete: remove("/api/v1/webhooks"),
      rotateSecret: write("/api/v1/webhooks/rotate-secret"),
      replay: write("/api/v1/webhooks/replay"),
    },
    data: {
      purchase: sendOnce("/api/v1/data/purchase"),
      bundles: read("/api/v1/data/bundles"),
      status: read("/api/v1/data/status"),
    },
    airtime: {
      purchase: sendOnce("/api/v1/airtime/purchase"),
      operators: read("/api/v1/airtime/operators"),
      status: read("/api/v1/airtime/status"),
    },
    balance: read("/api/v1/balance"),
    domains: {
      list: read("/api/v1/domains"),
      add: write("/api/v1/domains"),
      delete: remove("/api/v1/domains"),
      verify: write("/api/v1/domains/verify"),
      setPrimary: write("/api/v1/domains/primary"),
      setTracking: write("/api/v1/domains/tracking"),
      check: read("/api/v1/domains/check"),
      mailboxes: {
        list: read("/api/v1/domains/mailboxes"),
        create: write("/api/v1/domains/mailboxes"),
        delete: remove("/api/v1/domains/mailboxes"),
      },
    },
    senderIds: {
      list: read("/api/v1/sender-ids"),
      register: write("/api/v1/sender-ids"),
      delete: remove("/api/v1/sender-ids"),
    },
    phoneNumbers: {
      list: read("/api/v1/phone-numbers"),
      add: write("/api/v1/phone-numbers"),
      verify: write("/api/v1/phone-numbers/verify"),
      delete: remove("/api/v1/phone-numbers"),
    },
    requests: {
      list: read("/api/v1/requests"),
    },
    contacts: {
      /** An upsert: sending it twice leaves one contact. */
      upsert: write("/api/v1/contacts"),
      list: read("/api/v1/contacts"),
      delete: remove("/api/v1/contacts"),
      import: write("/api/v1/contacts/import"),
    },
    broadcasts: {
      create: write("/api/v1/broadcasts"),
      list: read("/api/v1/broadcasts"),
      status: read("/api/v1/broadcasts/status"),
      /** Each moves the broadcast from the states it may leave: a repeat answers 409, never a second send. */
      send: write("/api/v1/broadcasts/send"),
      pause: write("/api/v1/broadcasts/pause"),
      resume: write("/api/v1/broadcasts/resume"),
      cancel: write("/api/v1/broadcasts/cancel"),
    },
    templates: {
      create: write("/api/v1/templates"),
      update: replace("/api/v1/templates"),
      list: read("/api/v1/templates"),
      delete: remove("/api/v1/templates"),
      preview: write("/api/v1/templates/preview"),
    },
    lists: {
      create: write("/api/v1/lists"),
      list: read("/api/v1/lists"),
      delete: remove("/api/v1/lists"),
    },
    verify: {
      send: sendOnce("/api/v1/verify/send"),
      /** A wrong code costs an attempt: a check is sent again only after a 429. */
      check: write("/api/v1/verify/check"),
      status: read("/api/v1/verify/status"),
    },
    /** Charged per provider answer (live keys): neither is retried after it may have been answered. */
    lookup: {
      /** One number: `{ phone_number: "+233241000001" }`. */
      get: readCharged("/api/v1/lookup/{phone_number}"),
      /** Up to 100 numbers: `{ phone_numbers: [...] }`. */
      many: write("/api/v1/lookup"),
    },
    /** Delivery figures: `{ channel: "sms", group_by: "network", from: "2026-11-01" }`. */
    analytics: {
      get: read("/api/v1/analytics/{channel}"),
    },
    /** USSD: codes and their app's settings, the simulator (test keys), sessions with their hops. */
    ussd: {
      codes: read("/api/v1/ussd/codes"),
      /** Another sandbox code (an extension of the shared test code). */
      addCode: write("/api/v1/ussd/codes"),
      /** `{ id, callback_url?, timeout_ms?, failure_text? }`. */
      updateCode: update("/api/v1/ussd/codes/{id}"),
      releaseCode: remove("/api/v1/ussd/codes/{id}"),
      /** `{ service_code, phone_number }` dials; add `session_id` and `input` to answer the screen shown. */
      simulate: write("/api/v1/ussd/simulate"),
      sessions: read("/api/v1/ussd/sessions"),
      session: read("/api/v1/ussd/sessions/{id}"),
    },
    /** WhatsApp: the account's Business numbers on Meta's Cloud API, sending, and the messages both ways. */
    whatsapp: {
      /** `{ to, template: { name, language, variables } }`, or `{ to, text }` / `image` / `document` inside the 24-hour window. */
      send: sendOnce("/api/v1/whatsapp/send"),
      /** `{ contact?, number_id?, limit?, before? }`: newest first; with contact and number_id, the window's state. */
      messages: read("/api/v1/whatsapp/messages"),
      message: read("/api/v1/whatsapp/messages/{id}"),
      /** Test keys: `{ from, text }`, a person writing to the sandbox number (opens their 24-hour window). */
      simulate: write("/api/v1/whatsapp/simulate"),
      numbers: read("/api/v1/whatsapp/numbers"),
      /** `{ phone_number_id, waba_id, access_token, app_secret }` (a live key); answers `webhook_url` and `verify_token` once. */
      connectNumber: write("/api/v1/whatsapp/numbers"),
      disconnectNumber: remove("/api/v1/whatsapp/numbers/{id}"),
      /** `{ number_id, status?, refresh? }`: the number's templates as Meta approved them. */
      templates: read("/api/v1/whatsapp/templates"),
    },
  };
}

/** Puts each `{name}` of the path in from the input (encoded), and leaves the rest of the input to the query or body. */
function fillPath(path: string, input: Record<string, unknown> | undefined) {
  if (!path.includes("{")) return { path, rest: input };
  const rest = { ...input };
  const filled = path.replace(/\{([a-z_]+)\}/g, (_, name: string) => {
    const value = rest[name];
    if (value === undefined || value === null || value === "") throw new TypeError(`${name} is required`);
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  return { path: filled, rest };
}
