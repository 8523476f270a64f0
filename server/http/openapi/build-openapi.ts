// The OpenAPI 3.1 document of /api/v1, generated from the endpoint
// definitions (method, path, auth, scope, service, idempotency, input schema)
// and their docs schemas, the error catalogue and the webhook event names.
// Nothing here describes an endpoint by hand: an endpoint without a definition
// cannot be served, and a definition is always in the document.
import { z } from "zod";
import { ERRORS, type ErrorCode, type ErrorDefinition } from "../../errors/catalogue";
import type { Endpoint, EndpointDefinition } from "../endpoint";
import { WEBHOOK_EVENTS } from "../../modules/webhooks/events";
import { webhookPayload } from "../../modules/webhooks/schemas";
import { DEFAULT_MAX_BODY_BYTES } from "../read-body";
import { MAX_JSON_DEPTH } from "../json-nesting";
import { pathTemplate } from "../path-template";

type Json = Record<string, unknown>;
const TWO_STATUS = new Set<ErrorCode>([
  "SMS_SEND_FAILED",
  "WHATSAPP_SEND_FAILED",
  "EMAIL_SEND_FAILED",
  "PURCHASE_FAILED",
]);

export function buildOpenApi(endpoints: Endpoint[], serverUrl: string): Json {
  const paths: Record<string, Json> = {};
  for (const endpoint of endpoints) {
    const def = endpoint.definition;
    paths[def.path] = { ...(paths[def.path] ?? {}), [def.method.toLowerCase()]: operation(def) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Kasa API",
      version: "1.0.0",
      description:
        "SMS, email, webhooks, coverage, Ghana data bundles and airtime. Every answer is `{ success, data }` or `{ success: false, error }`; errors are listed at /docs/errors. No string in a request may contain the NUL character (U+0000): such a request is refused with 400 INVALID_REQUEST. A JSON body nests at most " +
        MAX_JSON_DEPTH +
        " levels deep (400 INVALID_JSON beyond). A query parameter given empty (`?q=`) counts as absent, and string fields are trimmed of surrounding white space before they are checked. Any operation may answer 503 SERVICE_UNAVAILABLE with Retry-After when the service is overloaded or its database is unreachable: retry after the given seconds.",
    },
    servers: [{ url: serverUrl }],
    security: [{ bearerAuth: [] }, { apiKeyHeader: [] }],
    paths,
    webhooks: Object.fromEntries(WEBHOOK_EVENTS.map((event) => [event, webhookOperation(event)])),
    components: {
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: "An API key: kasa_test_... (sandbox) or kasa_live_...",
        },
        apiKeyHeader: {
          type: "apiKey",
          in: "header",
          name: "X-API-Key",
          description: "The legacy header, accepted alongside Bearer (SPEC 9.3)",
        },
      },
      headers: {
        "X-RateLimit-Limit": { description: "Requests allowed in the tightest window", schema: { type: "integer" } },
        "X-RateLimit-Remaining": { description: "Requests left in that window", schema: { type: "integer" } },
        "X-RateLimit-Reset": { description: "Unix time when that window resets", schema: { type: "integer" } },
        "Retry-After": { description: "Seconds to wait before trying again (429, 503)", schema: { type: "integer" } },
        "X-Idempotent-Replay": {
          description: "`true` when this is the stored answer of an earlier request with the same idempotency_key",
          schema: { type: "string", enum: ["true"] },
        },
      },
      schemas: {
        Error: {
          type: "object",
          required: ["success", "error"],
          properties: {
            success: { const: false },
            error: {
              type: "object",
              required: ["code", "message", "docs_url"],
              additionalProperties: true,
              properties: {
                code: {
                  type: "string",
                  enum: Object.keys(ERRORS),
                  // Which codes are worth a retry (ERRORS' `retryable`), for clients and the SDK to read, not copy.
                  "x-retryable": Object.fromEntries(
                    Object.entries(ERRORS as Record<string, ErrorDefinition>)
                      .filter(([, def]) => def.retryable)
                      .map(([code, def]) => [code, def.retryable]),
                  ),
                },
                message: { type: "string" },
                docs_url: { type: "string" },
                transaction_id: { type: "string" },
                batch_id: { type: "string" },
                error_id: { type: "string" },
                suggestion: {
                  type: "string",
                  description:
                    "INVALID_PHONE_NUMBER for a number written the local way: its E.164 form, when the digits can only mean one number",
                },
              },
            },
          },
        },
        IdempotentReplay: { type: "object", properties: { replayed: { const: true }, message: { type: "string" } } },
      },
    },
  };
}

function operation(def: EndpointDefinition<unknown, unknown>): Json {
  const success = def.docs?.status ?? 200;
  const headers: Json = {};
  if (def.service)
    for (const h of ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"])
      headers[h] = { $ref: `#/components/headers/${h}` };
  if (def.idempotency) headers["X-Idempotent-Replay"] = { $ref: "#/components/headers/X-Idempotent-Replay" };
  const data = def.docs?.response ? jsonSchema(def.docs.response, "output") : { type: "object" };
  const rules = description(def);
  const op: Json = {
    operationId: `${def.method.toLowerCase()}${def.path
      .replace("/api/v1", "")
      // A parameter names what it picks: /lookup/{phone_number} is getLookupByPhoneNumber.
      .replace(/\{([a-z_]+)\}/g, "by_$1")
      .split(/[/_-]/)
      .filter(Boolean)
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join("")}`,
    summary: def.summary,
    ...(rules ? { description: rules } : {}),
    ...(def.docs?.requireOneOf ? { "x-require-one-of": def.docs.requireOneOf } : {}),
    tags: [def.path.split("/")[3]!],
    ...(def.auth === "public" ? { security: [] } : {}),
    ...(def.scope ? { "x-required-scope": def.scope } : {}),
    ...(def.service ? { "x-rate-limited-service": def.service } : {}),
    responses: {
      [String(success)]: {
        description: "Success",
        headers,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["success", "data"],
              properties: {
                success: { const: true },
                data,
                ...(def.idempotency ? { _idempotent: { $ref: "#/components/schemas/IdempotentReplay" } } : {}),
              },
            },
          },
        },
      },
      ...errorResponses(def),
    },
  };
  const input = inputSchema(def);
  const required = new Set(input.required ?? []);
  // Fields the path names are its parameters (always required); the rest are the query's, or the body's.
  const inPath = new Set(pathTemplate(def.path).names);
  const pathParameters = [...inPath].map((name) => ({
    name,
    in: "path",
    required: true,
    schema: input.properties?.[name] ?? { type: "string" },
  }));
  const rest = Object.fromEntries(Object.entries(input.properties ?? {}).filter(([name]) => !inPath.has(name)));
  if (def.input.from === "query") {
    op.parameters = [
      ...pathParameters,
      ...Object.entries(rest).map(([name, schema]) => ({ name, in: "query", required: required.has(name), schema })),
    ];
  } else {
    if (pathParameters.length) op.parameters = pathParameters;
    const body = { ...input, properties: rest, required: (input.required ?? []).filter((n) => !inPath.has(n)) };
    if (!body.required.length) delete (body as { required?: string[] }).required;
    op.requestBody = {
      required: true,
      content: { "application/json": { schema: body } },
    };
  }
  return op;
}

/** The operation's rules in words: the one-of rule, the business rules, the body's size limit. */
function description(def: EndpointDefinition<unknown, unknown>): string {
  const lines = [
    ...(def.docs?.requireOneOf ? [`Give at least one of ${def.docs.requireOneOf.join(", ")}, not empty.`] : []),
    ...(def.docs?.rules ?? []),
    ...(def.input.from === "body"
      ? [
          `A body over ${((def.input.maxBytes ?? DEFAULT_MAX_BODY_BYTES) / 1024 / 1024).toString()} MiB is refused (413 PAYLOAD_TOO_LARGE).`,
        ]
      : []),
  ];
  return lines.join("\n\n");
}

function inputSchema(def: EndpointDefinition<unknown, unknown>) {
  return jsonSchema(def.input.schema, "input") as { properties?: Record<string, Json>; required?: string[] };
}

/** The pipeline's own codes for this kind of endpoint, and the endpoint's, grouped by HTTP status. */
function errorResponses(def: EndpointDefinition<unknown, unknown>): Json {
  // Overload, a spent deadline and an unreachable database answer 503 on any operation.
  const codes = new Set<ErrorCode>([
    "INTERNAL_ERROR",
    "METHOD_NOT_ALLOWED",
    "SERVICE_UNAVAILABLE",
    ...(def.docs?.errors ?? []),
  ]);
  if (def.auth === "key") ["UNAUTHORIZED", "FORBIDDEN", "ACCOUNT_SUSPENDED"].forEach((c) => codes.add(c as ErrorCode));
  codes.add("INVALID_REQUEST");
  if (def.input.from === "body") ["INVALID_JSON", "PAYLOAD_TOO_LARGE"].forEach((c) => codes.add(c as ErrorCode));
  const input = inputSchema(def);
  if (input.required?.length) codes.add("MISSING_FIELD");
  // SPEC's own codes for fields (answersWith), read from the schema itself.
  for (const code of JSON.stringify(input).matchAll(/"x-error-code":"([A-Z_]+)"/g)) codes.add(code[1] as ErrorCode);
  if (def.service) codes.add("RATE_LIMIT_EXCEEDED");
  if (def.idempotency) ["REQUEST_IN_PROGRESS", "CONFLICT"].forEach((c) => codes.add(c as ErrorCode));
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    for (const status of TWO_STATUS.has(code) ? [400, 503] : [ERRORS[code].status])
      byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, list]) => [
        String(status),
        {
          description: list.map((c) => `${c}: ${ERRORS[c].message}`).join("\n\n"),
          headers: errorHeaders(def, status),
          content: {
            "application/json": {
              schema: {
                allOf: [
                  { $ref: "#/components/schemas/Error" },
                  {
                    type: "object",
                    properties: { error: { type: "object", properties: { code: { type: "string", enum: list } } } },
                  },
                ],
              },
            },
          },
        },
      ]),
  );
}

/** Headers an error may carry: when to retry; the limits where the request was counted; a stored answer's mark. */
function errorHeaders(def: EndpointDefinition<unknown, unknown>, status: number): Json {
  const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });
  return {
    ...(status === 429 || status === 503 ? { "Retry-After": ref("Retry-After") } : {}),
    ...(def.service
      ? Object.fromEntries(["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"].map((h) => [h, ref(h)]))
      : {}),
    ...(def.idempotency ? { "X-Idempotent-Replay": ref("X-Idempotent-Replay") } : {}),
  };
}

function webhookOperation(event: string): Json {
  const payload = jsonSchema(webhookPayload, "output") as { properties: Record<string, Json> };
  payload.properties.event = { const: event };
  return {
    post: {
      summary: `The ${event} event`,
      parameters: [
        {
          name: "X-Service-Signature",
          in: "header",
          required: false,
          schema: { type: "string" },
          description: "sha256=<hex HMAC-SHA256 of the raw body, keyed with the webhook secret> (SPEC 6.4)",
        },
        {
          name: "webhook-id",
          in: "header",
          required: true,
          schema: { type: "string" },
          description: "Standard Webhooks: the delivery id",
        },
        {
          name: "webhook-timestamp",
          in: "header",
          required: true,
          schema: { type: "string" },
          description: "Standard Webhooks: Unix seconds",
        },
        {
          name: "webhook-signature",
          in: "header",
          required: true,
          schema: { type: "string" },
          description: "Standard Webhooks: space-separated v1,<base64 HMAC of id.timestamp.body>",
        },
      ],
      requestBody: { required: true, content: { "application/json": { schema: payload } } },
      responses: {
        "200": { description: "Any 2xx acknowledges the delivery; anything else (3xx included) is retried" },
      },
    },
  };
}

function jsonSchema(schema: z.ZodType, io: "input" | "output"): Json {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Json;
  return rest;
}
