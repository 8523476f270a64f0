// A local HTTP server on 127.0.0.1 that speaks Twilio's Messages API the way
// Twilio does (form-encoded create, Basic auth, 201 Message resource, JSON
// errors), so the real adapter is exercised over a real socket.
import { createServer, type Server } from "node:http";
import { randomBytes } from "node:crypto";

export type TwilioRequest = {
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
};
type Reply = { status: number; body: unknown; delayMs?: number };

export class FakeTwilio {
  readonly requests: TwilioRequest[] = [];
  reply: (req: TwilioRequest) => Reply = (req) => ({ status: 201, body: message(req) });
  private server?: Server;
  url = "";

  async start(accountSid: string, authToken: string, port = 0): Promise<this> {
    const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
    this.server = createServer((request, response) => {
      let raw = "";
      request.on("data", (chunk) => (raw += chunk));
      request.on("end", async () => {
        const req: TwilioRequest = {
          path: request.url ?? "",
          authorization: request.headers.authorization,
          contentType: request.headers["content-type"],
          form: Object.fromEntries(new URLSearchParams(raw)),
        };
        // A test-only window into what the carrier received (the e2e suite reads verification codes here).
        if (request.method === "GET" && req.path === "/__test/messages") {
          response.writeHead(200, { "content-type": "application/json" });
          return response.end(JSON.stringify(this.requests.filter((r) => r.form.To).map((r) => r.form)));
        }
        this.requests.push(req);
        let reply: Reply;
        if (request.method !== "POST" || req.path !== `/2010-04-01/Accounts/${accountSid}/Messages.json`)
          reply = { status: 404, body: { code: 20404, message: "The requested resource was not found", status: 404 } };
        else if (req.authorization !== expectedAuth)
          reply = { status: 401, body: { code: 20003, message: "Authenticate", status: 401 } };
        else if (!req.form.To)
          reply = { status: 400, body: { code: 21604, message: "A 'To' phone number is required.", status: 400 } };
        else reply = this.reply(req);
        if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
        if (response.destroyed) return;
        response.writeHead(reply.status, { "content-type": "application/json" });
        response.end(JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
    return this;
  }

  stop(): Promise<void> {
    this.server?.closeAllConnections();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

export function message(req: TwilioRequest) {
  return {
    sid: `SM${randomBytes(16).toString("hex")}`,
    account_sid: req.path.split("/")[3],
    to: req.form.To,
    from: req.form.From,
    body: req.form.Body,
    status: "queued",
    num_segments: "1",
    direction: "outbound-api",
    api_version: "2010-04-01",
    price: null,
    price_unit: "USD",
    error_code: null,
    error_message: null,
    date_created: new Date().toUTCString(),
    date_updated: new Date().toUTCString(),
    date_sent: null,
  };
}

export function twilioError(status: number, code: number, text: string): Reply {
  return { status, body: { code, message: text, more_info: `https://www.twilio.com/docs/errors/${code}`, status } };
}
