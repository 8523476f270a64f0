// A local HTTP server on 127.0.0.1 that answers as Meta's Graph API does for WhatsApp's Cloud API
// (docs/research/whatsapp.md): GET /v21.0/{phone-number-id} with a Bearer token, Meta's error envelope for a token
// it refuses (code 190) or an id it does not know (code 100), so the real adapter is exercised over a real socket.
// A test says which numbers exist and with which token (`numbers`), or makes it hold every answer (`holding`).
import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

type TemplateRequest = {
  name?: string;
  language?: { code?: string };
  components?: { type: string; parameters?: unknown[] }[];
};

export type MetaNumber = {
  token: string;
  /** Its WhatsApp Business Account: a template send is checked against that account's templates. */
  wabaId?: string;
  /** The app's secret: a request's appsecret_proof must be the token's HMAC-SHA256 under it. */
  appSecret: string;
  display_phone_number: string;
  verified_name: string;
  quality_rating: string;
};

/** How the stand-in answers a send to one recipient (digits): Meta's error, or no answer at all. */
export type ScriptedSend = { status: number; code: number; title: string; details?: string } | "hang";

export class FakeWhatsappGraph {
  readonly requests: { method: string; path: string; authorization: string | undefined }[] = [];
  /** Every POST /{phone-number-id}/messages body, parsed, with the wamid it was answered (null: refused or held). */
  readonly sent: { phoneNumberId: string; body: Record<string, unknown>; wamid: string | null }[] = [];
  /** People's files by media id: GET /{media-id} gives a URL, which gives the bytes only with the same token. */
  readonly media = new Map<string, { token: string; bytes: Buffer; mime: string }>();
  /** Recipients (digits, no +) whose sends Meta refuses or does not answer. */
  readonly scripted = new Map<string, ScriptedSend>();
  readonly numbers = new Map<string, MetaNumber>();
  /** Each business account's templates (by WABA id), listed as Meta does, a page of `limit` at a time. */
  readonly templates = new Map<string, { token: string; list: Record<string, unknown>[] }>();
  holding = false;
  private held: ServerResponse[] = [];
  private server?: Server;
  url = "";

  async start(port = 0): Promise<this> {
    this.server = createServer((request, response) => {
      const target = new URL(request.url ?? "/", "http://graph.test");
      this.requests.push({
        method: request.method ?? "",
        path: target.pathname,
        authorization: request.headers.authorization,
      });
      if (this.holding) return void this.held.push(response);
      const match = /^\/v21\.0\/([0-9]+)$/.exec(target.pathname);
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
      if (!token)
        return graphError(
          response,
          400,
          190,
          "An active access token must be used to query information about the current user.",
          "OAuthException",
        );
      const file = /^\/v21\.0\/media-file\/([0-9]+)$/.exec(target.pathname);
      if (request.method === "GET" && file) return this.mediaFile(response, file[1]!, token);
      if (request.method === "GET" && match && this.media.has(match[1]!))
        return this.mediaUrl(response, match[1]!, token);
      const messages = /^\/v21\.0\/([0-9]+)\/messages$/.exec(target.pathname);
      if (request.method === "POST" && messages)
        return void this.readJson(request).then((body) => this.send(response, messages[1]!, token, body));
      const templates = /^\/v21\.0\/([0-9]+)\/message_templates$/.exec(target.pathname);
      if (request.method === "GET" && templates) return this.listTemplates(response, templates[1]!, token, target);
      if (request.method !== "GET" || !match)
        return graphError(response, 400, 100, "Unsupported request", "GraphMethodException");
      const number = this.numbers.get(match[1]!);
      // Meta cannot tell a token that may not see the number from a number that does not exist.
      if (!number || number.token !== token) {
        if (!number && token.startsWith("expired"))
          return graphError(response, 401, 190, "Error validating access token: Session has expired", "OAuthException");
        if (number && token !== number.token)
          return graphError(
            response,
            401,
            190,
            "Invalid OAuth access token - Cannot parse access token",
            "OAuthException",
          );
        return graphError(
          response,
          400,
          100,
          `Unsupported get request. Object with ID '${match[1]}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
          "GraphMethodException",
        );
      }
      const proof = target.searchParams.get("appsecret_proof");
      if (proof !== null && proof !== createHmac("sha256", number.appSecret).update(token).digest("hex"))
        return graphError(
          response,
          400,
          100,
          "Invalid appsecret_proof provided in the API argument",
          "GraphMethodException",
        );
      const { token: _token, appSecret: _secret, wabaId: _waba, ...fields } = number;
      json(response, 200, { id: match[1], ...fields });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as { port: number }).port}/v21.0`;
    return this;
  }

  private mediaUrl(response: ServerResponse, id: string, token: string): void {
    const media = this.media.get(id)!;
    if (media.token !== token) return graphError(response, 401, 190, "Invalid OAuth access token", "OAuthException");
    json(response, 200, {
      messaging_product: "whatsapp",
      url: `${this.url}/media-file/${id}`,
      mime_type: media.mime,
      sha256: "not-checked",
      file_size: String(media.bytes.length),
      id,
    });
  }

  private mediaFile(response: ServerResponse, id: string, token: string): void {
    const media = this.media.get(id);
    if (!media || media.token !== token) return void response.writeHead(404).end();
    response.writeHead(200, { "content-type": media.mime, "content-length": media.bytes.length }).end(media.bytes);
  }

  private readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
    return new Promise((resolve) => {
      const chunks: Buffer[] = [];
      request.on("data", (c: Buffer) => chunks.push(c));
      request.on("end", () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
        } catch {
          resolve({});
        }
      });
    });
  }

  /**
   * POST /{phone-number-id}/messages as Meta answers it: the token checked, a template checked against the number's
   * WABA's list (its name and language APPROVED: 132001; its body's placeholders against the parameters: 132000), a
   * scripted recipient refused or never answered, and otherwise a new wamid.
   */
  private send(response: ServerResponse, phoneNumberId: string, token: string, body: Record<string, unknown>): void {
    const number = this.numbers.get(phoneNumberId);
    const record = { phoneNumberId, body, wamid: null as string | null };
    this.sent.push(record);
    if (!number || number.token !== token)
      return graphError(response, 401, 190, "Invalid OAuth access token - Cannot parse access token", "OAuthException");
    if (body.messaging_product !== "whatsapp" || typeof body.to !== "string")
      return graphError(response, 400, 100, "(#100) Invalid parameter", "OAuthException");
    const to = body.to.replace(/^\+/, "");
    const scripted = this.scripted.get(to);
    if (scripted === "hang") return void this.held.push(response);
    if (scripted)
      return graphError(
        response,
        scripted.status,
        scripted.code,
        `(#${scripted.code}) ${scripted.title}`,
        "OAuthException",
        scripted.details,
      );
    if (body.type === "template") {
      const refused = this.checkTemplate(number.wabaId, body.template as TemplateRequest);
      if (refused) return graphError(response, refused.status, refused.code, refused.message, "OAuthException");
    }
    record.wamid = `wamid.HBgL${to}${Buffer.from(String(this.sent.length)).toString("base64")}`;
    json(response, 200, {
      messaging_product: "whatsapp",
      contacts: [{ input: body.to, wa_id: to }],
      messages: [{ id: record.wamid }],
    });
  }

  private checkTemplate(wabaId: string | undefined, t: TemplateRequest) {
    const template = this.templates
      .get(wabaId ?? "")
      ?.list.find((x) => x.name === t?.name && x.language === t?.language?.code && x.status === "APPROVED");
    if (!template)
      return { status: 404, code: 132001, message: "(#132001) Template name does not exist in the translation" };
    const bodyText =
      ((template.components as { type: string; text?: string }[] | undefined) ?? []).find((c) => c.type === "BODY")
        ?.text ?? "";
    const expected = new Set(bodyText.match(/\{\{\s*\w+\s*\}\}/g) ?? []).size;
    const given = (t.components ?? []).find((c) => c.type === "body")?.parameters?.length ?? 0;
    if (given !== expected)
      return {
        status: 400,
        code: 132000,
        message: "(#132000) Number of parameters does not match the expected number of params",
      };
    return null;
  }

  /** GET /{waba}/message_templates: pages of `limit`, the cursor an offset; `paging.next` only while more remain. */
  private listTemplates(response: ServerResponse, wabaId: string, token: string, target: URL): void {
    const waba = this.templates.get(wabaId);
    if (!waba || waba.token !== token)
      return graphError(
        response,
        400,
        100,
        `Unsupported get request. Object with ID '${wabaId}' does not exist`,
        "GraphMethodException",
      );
    const limit = Number(target.searchParams.get("limit") ?? 25);
    const from = Number(Buffer.from(target.searchParams.get("after") ?? "MA==", "base64").toString() || 0);
    const page = waba.list.slice(from, from + limit);
    const after = Buffer.from(String(from + page.length)).toString("base64");
    const more = from + page.length < waba.list.length;
    json(response, 200, {
      data: page,
      paging: {
        cursors: { before: Buffer.from(String(from)).toString("base64"), after },
        ...(more ? { next: `https://graph.facebook.com/v21.0/${wabaId}/message_templates?after=${after}` } : {}),
      },
    });
  }

  async stop(): Promise<void> {
    for (const response of this.held.splice(0)) response.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

function graphError(
  response: ServerResponse,
  status: number,
  code: number,
  message: string,
  type: string,
  details?: string,
): void {
  json(response, status, {
    error: {
      message,
      type,
      code,
      ...(details ? { error_data: { messaging_product: "whatsapp", details } } : {}),
      fbtrace_id: "AbCdEfGh123",
    },
  });
}
