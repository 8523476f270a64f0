// A local server that speaks Africa's Talking's SMS API as it does: POST
// /version1/messaging, form-encoded, the apiKey header, 201 with
// SMSMessageData.Recipients; 401 text for a bad key. Magic recipients pick the
// per-recipient status code; it can post delivery reports to a callback.
import { createServer, type Server } from "node:http";
import { randomBytes } from "node:crypto";

export type AtRequest = {
  path: string;
  apiKey: string | undefined;
  accept: string | undefined;
  form: Record<string, string>;
};

// Numbers ending in these digits get these statusCodes (anything else: 101 Success).
export const AT_OUTCOMES: Record<string, [number, string]> = {
  "402": [402, "InvalidSenderId"],
  "406": [406, "UserInBlacklist"],
  "407": [407, "CouldNotRoute"],
  "500": [500, "InternalServerError"],
};

export class FakeAfricasTalking {
  readonly requests: AtRequest[] = [];
  httpStatus = 201;
  private server?: Server;
  url = "";

  async start(username: string, apiKey: string): Promise<this> {
    this.server = createServer((request, response) => {
      let raw = "";
      request.on("data", (c) => (raw += c));
      request.on("end", () => {
        const req: AtRequest = {
          path: request.url ?? "",
          apiKey: request.headers.apikey as string | undefined,
          accept: request.headers.accept,
          form: Object.fromEntries(new URLSearchParams(raw)),
        };
        this.requests.push(req);
        const send = (status: number, body: unknown, type = "application/json") => {
          response.writeHead(status, { "content-type": type });
          response.end(typeof body === "string" ? body : JSON.stringify(body));
        };
        if (req.path !== "/version1/messaging" || request.method !== "POST")
          return send(404, "Not found", "text/plain");
        if (req.apiKey !== apiKey || req.form.username !== username)
          return send(401, "The supplied authentication is invalid", "text/plain");
        if (this.httpStatus !== 201) return send(this.httpStatus, "Service unavailable", "text/plain");
        const number = req.form.to ?? "";
        const [statusCode, status] = AT_OUTCOMES[number.slice(-3)] ?? [101, "Success"];
        const accepted = statusCode === 101;
        send(201, {
          SMSMessageData: {
            Message: accepted ? "Sent to 1/1 Total Cost: KES 0.8000" : "Sent to 0/1 Total Cost: 0",
            Recipients: [
              {
                statusCode,
                number,
                status,
                cost: accepted ? "KES 0.8000" : "0",
                messageId: accepted ? `ATXid_${randomBytes(16).toString("hex")}` : "None",
              },
            ],
          },
        });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `127.0.0.1:${(this.server.address() as { port: number }).port}`;
    return this;
  }

  stop(): Promise<void> {
    this.server?.closeAllConnections();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
