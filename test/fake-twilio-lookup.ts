// A local HTTP server on 127.0.0.1 that answers Twilio's Lookup v2 as Twilio does
// (GET /v2/PhoneNumbers/{number}?Fields=line_type_intelligence, Basic auth, the
// PhoneNumber resource in JSON), so the real adapter is exercised over a real socket.
// A test says what each number is on (`numbers`), or makes it hold every answer
// (`holding`: the adapter's timeout is what ends the wait) or stop.
import { createServer, type Server, type ServerResponse } from "node:http";

export type LineOnRecord = { mcc: string; mnc: string; carrier: string; type?: string };

export class FakeTwilioLookup {
  readonly requests: { number: string; fields: string | null; authorization: string | undefined }[] = [];
  readonly numbers = new Map<string, LineOnRecord>();
  holding = false;
  private held: ServerResponse[] = [];
  private server?: Server;
  url = "";

  /** `url` carries the credentials, as LOOKUP_URL does. */
  async start(accountSid: string, authToken: string): Promise<this> {
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
    this.server = createServer((request, response) => {
      const target = new URL(request.url ?? "/", "http://lookup.test");
      const match = /^\/v2\/PhoneNumbers\/([^/]+)$/.exec(target.pathname);
      if (request.method !== "GET" || !match) return json(response, 404, { code: 20404, status: 404 });
      if (request.headers.authorization !== expected) return json(response, 401, { code: 20003, status: 401 });
      const number = decodeURIComponent(match[1]!);
      this.requests.push({
        number,
        fields: target.searchParams.get("Fields"),
        authorization: request.headers.authorization,
      });
      if (this.holding) return void this.held.push(response);
      const line = this.numbers.get(number);
      json(response, 200, {
        calling_country_code: null,
        country_code: null,
        phone_number: number,
        national_format: null,
        valid: true,
        validation_errors: [],
        line_type_intelligence: line
          ? {
              mobile_country_code: line.mcc,
              mobile_network_code: line.mnc,
              carrier_name: line.carrier,
              type: line.type ?? "mobile",
              error_code: null,
            }
          : {
              mobile_country_code: null,
              mobile_network_code: null,
              carrier_name: null,
              type: "unknown",
              error_code: 60600,
            },
        url: `${this.url}/v2/PhoneNumbers/${encodeURIComponent(number)}`,
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    const port = (this.server.address() as { port: number }).port;
    this.url = `http://${accountSid}:${authToken}@127.0.0.1:${port}`;
    return this;
  }

  /** Answers what it held (with an error the adapter no longer waits for). */
  release(): void {
    for (const response of this.held.splice(0)) if (!response.destroyed) json(response, 503, { code: 20503 });
  }

  stop(): Promise<void> {
    this.release();
    this.server?.closeAllConnections();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}
