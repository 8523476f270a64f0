// The reference's copyable examples (docs/decisions.md, "The reference, Try it and the SDK"): one input per operation, written out as curl, the TypeScript SDK
// and Python `requests`. Inputs are curated where a made-up value would be refused (a phone number, a sender) and
// otherwise built from the operation's own schema, so every example has the fields the endpoint requires.

export type ExampleSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  items?: ExampleSchema;
  properties?: Record<string, ExampleSchema>;
  required?: string[];
  anyOf?: ExampleSchema[];
  oneOf?: ExampleSchema[];
};

export type OperationField = { name: string; required: boolean; schema: ExampleSchema };

/** An operation's inputs as the reference lists them: its query parameters, else its JSON body's properties. */
export function operationFields<S extends ExampleSchema>(op: {
  parameters?: { name: string; required: boolean; schema: S }[];
  requestBody?: { content: { "application/json": { schema: S & { properties?: Record<string, S> } } } };
}): { name: string; required: boolean; schema: S }[] {
  const body = op.requestBody?.content["application/json"].schema;
  return (
    op.parameters?.map((p) => ({ name: p.name, required: p.required, schema: p.schema })) ??
    Object.entries(body?.properties ?? {}).map(([name, schema]) => ({
      name,
      required: body?.required?.includes(name) ?? false,
      schema: schema as S,
    }))
  );
}

const CURATED: Record<string, Record<string, unknown>> = {
  "POST /api/v1/sms/send": { to: "+233200000001", message: "Your code is 482913" },
  "POST /api/v1/email/send": {
    from: "Acme <hello@yourdomain.com>",
    to: "someone@example.com",
    subject: "Welcome to Acme",
    text: "Hello from Kasa",
  },
  "POST /api/v1/webhooks": { url: "https://yourapp.example.com/webhooks/kasa", events: ["*"] },
  "POST /api/v1/domains": { name: "mail.yourdomain.com" },
  "GET /api/v1/domains/check": { name: "mail.yourdomain.com" },
  "GET /api/v1/airtime/operators": { phone_number: "+233241234567" },
  "POST /api/v1/verify/send": { to: "+233200000001", brand: "Acme" },
  "POST /api/v1/contacts": { phone: "+233241234567", first_name: "Ama", attributes: { city: "Accra" } },
  "POST /api/v1/contacts/import": { csv: "phone,first_name,city\n0241234567,Ama,Accra\n" },
  "POST /api/v1/lists": { name: "Customers" },
  "POST /api/v1/templates": {
    name: "Order ready",
    channel: "sms",
    body: 'Hi {{first_name | "there"}}, your order is ready in {{attributes.city}}.',
  },
  "PUT /api/v1/templates": {
    id: "tpl_8Kd2mQ7xLp",
    name: "Order ready",
    channel: "sms",
    body: 'Hi {{first_name | "there"}}, your order is ready to collect in {{attributes.city}}.',
  },
  "POST /api/v1/templates/preview": { channel: "sms", body: 'Hi {{first_name | "there"}}!' },
  "POST /api/v1/broadcasts": {
    name: "December sale",
    channel: "sms",
    list_id: "lst_XXXXXXXXXXXXXXXXXXXX",
    body: 'Hi {{first_name | "there"}}, 20% off all week. Reply STOP to opt out.',
  },
  ...Object.fromEntries(
    ["send", "pause", "resume", "cancel"].map((verb) => [
      `POST /api/v1/broadcasts/${verb}`,
      { id: "brd_XXXXXXXXXXXXXXXXXXXX" },
    ]),
  ),
  "GET /api/v1/broadcasts/status": { id: "brd_XXXXXXXXXXXXXXXXXXXX" },
  "POST /api/v1/verify/check": { verification_id: "ver_XXXXXXXXXXXXXXXXXXXX", code: "482913" },
  "GET /api/v1/verify/status": { verification_id: "ver_XXXXXXXXXXXXXXXXXXXX" },
  "GET /api/v1/lookup/{phone_number}": { phone_number: "+233241000001" },
  "POST /api/v1/lookup": { phone_numbers: ["+233241000001", "+233201000001", "+233301234567"] },
  "GET /api/v1/analytics/{channel}": { channel: "sms", group_by: "network", country: "GH" },
  "PATCH /api/v1/ussd/codes/{id}": {
    id: "ussd_XXXXXXXXXXXXXXXXXXXX",
    callback_url: "https://app.example.com/ussd",
    timeout_ms: 4000,
  },
  "DELETE /api/v1/ussd/codes/{id}": { id: "ussd_XXXXXXXXXXXXXXXXXXXX" },
  "POST /api/v1/ussd/simulate": { service_code: "*384*100#", phone_number: "+233241000001" },
  "GET /api/v1/ussd/sessions/{id}": { id: "uss_XXXXXXXXXXXXXXXXXXXX" },
  "POST /api/v1/whatsapp/numbers": {
    phone_number_id: "106540352242922",
    waba_id: "102290129340398",
    access_token: "EAAGm0PX4ZCpsBAKZBZA-your-system-user-token",
    app_secret: "0123456789abcdef0123456789abcdef",
  },
  "DELETE /api/v1/whatsapp/numbers/{id}": { id: "wan_XXXXXXXXXXXXXXXXXXXX" },
  "GET /api/v1/whatsapp/templates": { number_id: "wan_XXXXXXXXXXXXXXXXXXXX", status: "APPROVED" },
  "POST /api/v1/whatsapp/send": {
    to: "+233200000001",
    template: { name: "kasa_order_update", language: "en", variables: ["Ama", "#1042"] },
  },
  "GET /api/v1/whatsapp/messages": { contact: "+233200000001", number_id: "wan_XXXXXXXXXXXXXXXXXXXX" },
  "GET /api/v1/whatsapp/messages/{id}": { id: "wam_XXXXXXXXXXXXXXXXXXXX" },
  "POST /api/v1/whatsapp/simulate": { from: "+233200000001", text: "Hello, is my order on its way?" },
};

/** The input an example sends: query parameters for a GET or DELETE, the JSON body otherwise. */
export function exampleInput(method: string, path: string, fields: OperationField[]): Record<string, unknown> {
  const curated = CURATED[`${method.toUpperCase()} ${path}`];
  if (curated) return curated;
  return Object.fromEntries(fields.filter((f) => f.required).map((f) => [f.name, exampleValue(f.schema, f.name)]));
}

function exampleValue(schema: ExampleSchema, name: string): unknown {
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return exampleValue(variant, name);
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "integer":
    case "number":
      return schema.minimum ?? 1;
    case "boolean":
      return true;
    case "array":
      return [exampleValue(schema.items ?? {}, name)];
    case "object":
      return Object.fromEntries(
        (schema.required ?? []).map((key) => [key, exampleValue(schema.properties?.[key] ?? {}, key)]),
      );
    default:
      return exampleString(schema.format, name);
  }
}

function exampleString(format: string | undefined, name: string): string {
  if (format === "email" || /email|address/.test(name)) return "someone@example.com";
  if (format === "uri" || /url/.test(name)) return "https://yourapp.example.com/webhooks/kasa";
  if (format === "date-time" || /_at$/.test(name)) return "2026-12-01T09:00:00Z";
  if (/phone|msisdn|^to$|number/.test(name)) return "+233200000001";
  if (/transaction_id|^id$/.test(name)) return "sms_XXXXXXXXXXXX_XXXXXXXXXXXX";
  if (/domain/.test(name)) return "yourdomain.com";
  return "example";
}

/** Whether an operation takes its input as a JSON body (POST) rather than query parameters (GET, DELETE). */
export const sendsBody = (method: string) => !["get", "delete"].includes(method.toLowerCase());

/** `url` with each `{name}` of its path filled in from `input` (encoded), and what is left of the input. */
export function withPathParams(url: string, input: Record<string, unknown>) {
  const rest = { ...input };
  const filled = url.replace(/\{([a-z_]+)\}/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value ?? ""));
  });
  return { url: filled, rest };
}

/** `url` with its path parameters filled in and the rest of `input` as its query string. */
export function withQuery(url: string, input: Record<string, unknown>): string {
  const filled = withPathParams(url, input);
  const query = new URLSearchParams(Object.entries(filled.rest).map(([k, v]) => [k, String(v)])).toString();
  return query ? `${filled.url}?${query}` : filled.url;
}

export function curlExample(base: string, method: string, path: string, input: Record<string, unknown>): string {
  const verb = method.toUpperCase();
  if (!sendsBody(method))
    return `curl${verb === "GET" ? "" : ` -X ${verb}`} "${withQuery(base + path, input)}" \\\n  -H "Authorization: Bearer $KASA_API_KEY"`;
  const filled = withPathParams(base + path, input);
  const body = JSON.stringify(filled.rest, null, 2).replace(/'/g, "'\\''");
  return `curl -X ${verb} ${filled.url} \\\n  -H "Authorization: Bearer $KASA_API_KEY" \\\n  -H "Content-Type: application/json" \\\n  -d '${body}'`;
}

/** The SDK's method for an operation (sdk/src/resources.ts), or its generic `request` where it has none. */
export function sdkCall(method: string, path: string, input: Record<string, unknown>): string {
  const name = SDK_METHODS[`${method.toUpperCase()} ${path}`];
  const args = Object.keys(input).length ? JSON.stringify(input, null, 2) : "";
  if (name) return `await kasa.${name}(${args})`;
  const raw = sendsBody(method) ? `{ body: ${args || "{}"} }` : `{ query: ${args || "{}"} }`;
  return `(await kasa.request("${method.toUpperCase()}", "${path}", ${raw})).data`;
}

export function sdkExample(method: string, path: string, input: Record<string, unknown>): string {
  return `import { Kasa } from "@kasa/sdk";

const kasa = new Kasa({ apiKey: process.env.KASA_API_KEY! });
const result = ${sdkCall(method, path, input)};
console.log(result);`;
}

export function pythonExample(base: string, method: string, path: string, input: Record<string, unknown>): string {
  const verb = method.toLowerCase();
  const filled = withPathParams(base + path, input);
  const payload = Object.keys(filled.rest).length
    ? `,\n    ${sendsBody(method) ? "json" : "params"}=${toPython(filled.rest, 1)}`
    : "";
  return `import os
import requests

response = requests.${verb}(
    "${filled.url}",
    headers={"Authorization": f"Bearer {os.environ['KASA_API_KEY']}"}${payload},
    timeout=30,
)
print(response.status_code, response.json())`;
}

/** A JSON value as a Python literal (True, False, None), indented four spaces a level. */
function toPython(value: unknown, level: number): string {
  const pad = "    ".repeat(level + 1);
  const close = "    ".repeat(level);
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "string" || typeof value === "number") return JSON.stringify(value);
  if (Array.isArray(value))
    return value.length ? `[\n${value.map((v) => pad + toPython(v, level + 1)).join(",\n")},\n${close}]` : "[]";
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.length) return "{}";
  return `{\n${entries.map(([k, v]) => `${pad}${JSON.stringify(k)}: ${toPython(v, level + 1)}`).join(",\n")},\n${close}}`;
}

/** Each operation's SDK method (sdk/src/resources.ts); operation-examples.int.test.ts holds the two to each other. */
export const SDK_METHODS: Record<string, string> = {
  "POST /api/v1/sms/send": "sms.send",
  "GET /api/v1/sms/status": "sms.status",
  "GET /api/v1/sms/countries": "sms.countries",
  "GET /api/v1/sms/inbound": "sms.inbound",
  "POST /api/v1/email/send": "email.send",
  "POST /api/v1/email/batch": "email.batch",
  "GET /api/v1/email/status": "email.status",
  "POST /api/v1/email/cancel": "email.cancel",
  "POST /api/v1/webhooks": "webhooks.register",
  "GET /api/v1/webhooks": "webhooks.list",
  "DELETE /api/v1/webhooks": "webhooks.delete",
  "POST /api/v1/webhooks/rotate-secret": "webhooks.rotateSecret",
  "POST /api/v1/webhooks/replay": "webhooks.replay",
  "POST /api/v1/data/purchase": "data.purchase",
  "GET /api/v1/data/bundles": "data.bundles",
  "GET /api/v1/data/status": "data.status",
  "POST /api/v1/airtime/purchase": "airtime.purchase",
  "GET /api/v1/airtime/operators": "airtime.operators",
  "GET /api/v1/airtime/status": "airtime.status",
  "GET /api/v1/balance": "balance",
  "GET /api/v1/domains": "domains.list",
  "POST /api/v1/domains": "domains.add",
  "DELETE /api/v1/domains": "domains.delete",
  "POST /api/v1/domains/verify": "domains.verify",
  "POST /api/v1/domains/primary": "domains.setPrimary",
  "POST /api/v1/domains/tracking": "domains.setTracking",
  "GET /api/v1/domains/check": "domains.check",
  "GET /api/v1/domains/mailboxes": "domains.mailboxes.list",
  "POST /api/v1/domains/mailboxes": "domains.mailboxes.create",
  "DELETE /api/v1/domains/mailboxes": "domains.mailboxes.delete",
  "GET /api/v1/sender-ids": "senderIds.list",
  "POST /api/v1/sender-ids": "senderIds.register",
  "DELETE /api/v1/sender-ids": "senderIds.delete",
  "GET /api/v1/phone-numbers": "phoneNumbers.list",
  "POST /api/v1/phone-numbers": "phoneNumbers.add",
  "POST /api/v1/phone-numbers/verify": "phoneNumbers.verify",
  "DELETE /api/v1/phone-numbers": "phoneNumbers.delete",
  "GET /api/v1/requests": "requests.list",
  "POST /api/v1/verify/send": "verify.send",
  "POST /api/v1/verify/check": "verify.check",
  "GET /api/v1/verify/status": "verify.status",
  "POST /api/v1/contacts": "contacts.upsert",
  "GET /api/v1/contacts": "contacts.list",
  "DELETE /api/v1/contacts": "contacts.delete",
  "POST /api/v1/contacts/import": "contacts.import",
  "POST /api/v1/lists": "lists.create",
  "GET /api/v1/lists": "lists.list",
  "DELETE /api/v1/lists": "lists.delete",
  "POST /api/v1/templates": "templates.create",
  "PUT /api/v1/templates": "templates.update",
  "GET /api/v1/templates": "templates.list",
  "DELETE /api/v1/templates": "templates.delete",
  "POST /api/v1/templates/preview": "templates.preview",
  "POST /api/v1/broadcasts": "broadcasts.create",
  "GET /api/v1/broadcasts": "broadcasts.list",
  "GET /api/v1/broadcasts/status": "broadcasts.status",
  "POST /api/v1/broadcasts/send": "broadcasts.send",
  "POST /api/v1/broadcasts/pause": "broadcasts.pause",
  "POST /api/v1/broadcasts/resume": "broadcasts.resume",
  "POST /api/v1/broadcasts/cancel": "broadcasts.cancel",
  "GET /api/v1/lookup/{phone_number}": "lookup.get",
  "POST /api/v1/lookup": "lookup.many",
  "POST /api/v1/sms/{id}/cancel": "sms.cancel",
  "GET /api/v1/analytics/{channel}": "analytics.get",
  "GET /api/v1/ussd/codes": "ussd.codes",
  "POST /api/v1/ussd/codes": "ussd.addCode",
  "PATCH /api/v1/ussd/codes/{id}": "ussd.updateCode",
  "DELETE /api/v1/ussd/codes/{id}": "ussd.releaseCode",
  "POST /api/v1/ussd/simulate": "ussd.simulate",
  "GET /api/v1/ussd/sessions": "ussd.sessions",
  "GET /api/v1/ussd/sessions/{id}": "ussd.session",
  "GET /api/v1/whatsapp/numbers": "whatsapp.numbers",
  "POST /api/v1/whatsapp/numbers": "whatsapp.connectNumber",
  "DELETE /api/v1/whatsapp/numbers/{id}": "whatsapp.disconnectNumber",
  "GET /api/v1/whatsapp/templates": "whatsapp.templates",
  "POST /api/v1/whatsapp/send": "whatsapp.send",
  "GET /api/v1/whatsapp/messages": "whatsapp.messages",
  "GET /api/v1/whatsapp/messages/{id}": "whatsapp.message",
  "POST /api/v1/whatsapp/simulate": "whatsapp.simulate",
};
