// Local top-up upstreams on 127.0.0.1 that speak the real wire formats: a
// Reloadly-compatible airtime API (OAuth client credentials, operators,
// topups, reports by customIdentifier) and the data provider of
// docs/providers/data-provider.md. The recipient's last digit picks the
// outcome: 1 delivered, 2 declined, 3 pending, 5 answered too late but
// delivered, 6 answered too late and dropped (never happened).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

type Handler = (
  req: { method: string; path: string; url: URL; headers: IncomingMessage["headers"]; body: any },
  res: { send(status: number, body: unknown, delayMs?: number): void },
) => void;

async function serve(handler: Handler): Promise<{ server: Server; url: string }> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let raw = "";
    request.on("data", (c) => (raw += c));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://local");
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = null;
      }
      handler(
        { method: request.method ?? "GET", path: url.pathname, url, headers: request.headers, body },
        {
          send(status, payload, delayMs = 0) {
            const write = () => {
              if (response.destroyed) return;
              response.writeHead(status, { "content-type": "application/json" });
              response.end(JSON.stringify(payload));
            };
            if (delayMs) setTimeout(write, delayMs).unref();
            else write();
          },
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
}

const LATE_MS = 1_000;

export class FakeDataProvider {
  readonly purchases = new Map<string, { status: string; msisdn: string; bundle_code: string }>();
  calls = 0;
  url = "";
  private server?: Server;

  async start(apiKey: string): Promise<this> {
    const { server, url } = await serve((req, res) => {
      if (req.headers.authorization !== `Bearer ${apiKey}`)
        return res.send(401, { error: { code: "UNAUTHORIZED", message: "Bad key" } });
      if (req.method === "POST" && req.path === "/v1/purchases") {
        this.calls++;
        const { reference, msisdn, bundle_code } = req.body ?? {};
        const last = String(msisdn).slice(-1);
        if (last === "2") return res.send(422, { error: { code: "OUT_OF_STOCK", message: "Bundle out of stock" } });
        if (last === "6") return res.send(201, {}, LATE_MS * 5); // the provider drops it: never recorded
        const status = last === "3" ? "pending" : "delivered";
        this.purchases.set(reference, { status, msisdn, bundle_code });
        return res.send(
          201,
          { reference, status, provider_reference: `DP-${this.purchases.size}` },
          last === "5" ? LATE_MS : 0,
        );
      }
      const match = /^\/v1\/purchases\/(.+)$/.exec(req.path);
      if (req.method === "GET" && match) {
        const found = this.purchases.get(decodeURIComponent(match[1]!));
        return found
          ? res.send(200, { reference: match[1], status: found.status, provider_reference: "DP-x" })
          : res.send(404, { error: { code: "NOT_FOUND", message: "Unknown reference" } });
      }
      res.send(404, { error: { code: "NOT_FOUND", message: "No such route" } });
    });
    this.server = server;
    this.url = url;
    return this;
  }

  stop(): Promise<void> {
    this.server?.closeAllConnections();
    return new Promise((resolve) => this.server!.close(() => resolve()));
  }
}

const OPERATORS = [
  {
    id: 150,
    operatorId: 150,
    name: "MTN Ghana",
    country: { isoName: "GH", name: "Ghana" },
    destinationCurrencyCode: "GHS",
    senderCurrencyCode: "USD",
    fx: { rate: 12.5, currencyCode: "GHS" },
    denominationType: "RANGE",
    localMinAmount: 1,
    localMaxAmount: 500,
    localFixedAmounts: [],
  },
  {
    id: 151,
    operatorId: 151,
    name: "Telecel Ghana",
    country: { isoName: "GH", name: "Ghana" },
    destinationCurrencyCode: "GHS",
    senderCurrencyCode: "USD",
    fx: { rate: 12.5, currencyCode: "GHS" },
    denominationType: "RANGE",
    localMinAmount: 1,
    localMaxAmount: 500,
    localFixedAmounts: [],
  },
];

export class FakeReloadly {
  readonly topups = new Map<string, { transactionId: number; status: string; phone: string; amount: number }>();
  topupCalls = 0;
  tokensIssued = 0;
  authUrl = "";
  apiUrl = "";
  private servers: Server[] = [];

  async start(clientId: string, clientSecret: string): Promise<this> {
    const token = "fake-reloadly-token";
    const api = await serve((req, res) => {
      if (req.headers.authorization !== `Bearer ${token}`)
        return res.send(401, { errorCode: "TOKEN_EXPIRED", message: "Invalid token" });
      if (req.headers.accept !== "application/com.reloadly.topups-v1+json")
        return res.send(406, { message: "Not acceptable" });
      let m: RegExpExecArray | null;
      if ((m = /^\/operators\/(\d+)$/.exec(req.path))) {
        const op = OPERATORS.find((o) => o.id === Number(m![1]));
        return op
          ? res.send(200, op)
          : res.send(404, { errorCode: "OPERATOR_NOT_FOUND", message: "Operator not found" });
      }
      if ((m = /^\/operators\/auto-detect\/phone\/([^/]+)\/countries\/([A-Z]{2})$/.exec(req.path))) {
        const phone = decodeURIComponent(m[1]!).replace(/^\+233/, "");
        return res.send(200, phone.startsWith("20") || phone.startsWith("50") ? OPERATORS[1] : OPERATORS[0]);
      }
      if ((m = /^\/operators\/countries\/([A-Z]{2})$/.exec(req.path)))
        return res.send(
          200,
          OPERATORS.filter((o) => o.country.isoName === m![1]),
        );
      if (req.method === "POST" && req.path === "/topups") {
        this.topupCalls++;
        const { operatorId, amount, useLocalAmount, customIdentifier, recipientPhone } = req.body ?? {};
        if (!useLocalAmount || !customIdentifier || !recipientPhone?.countryCode)
          return res.send(400, { errorCode: "BAD_REQUEST", message: "Malformed request" });
        const last = String(recipientPhone.number).slice(-1);
        if (last === "2")
          return res.send(400, {
            timeStamp: new Date().toISOString(),
            errorCode: "PHONE_RECENTLY_RECHARGED",
            message: "This number was recharged recently; try later",
            path: "/topups",
            details: [],
          });
        if (last === "6") return res.send(200, {}, LATE_MS * 5);
        const tx = {
          transactionId: 5000 + this.topups.size,
          status: last === "3" ? "PENDING" : "SUCCESSFUL",
          phone: recipientPhone.number,
          amount,
        };
        this.topups.set(customIdentifier, tx);
        return res.send(
          200,
          {
            transactionId: tx.transactionId,
            status: tx.status,
            operatorId,
            customIdentifier,
            requestedAmount: amount,
            deliveredAmount: amount,
            deliveredAmountCurrencyCode: "GHS",
          },
          last === "5" ? LATE_MS : 0,
        );
      }
      if (req.method === "GET" && req.path === "/topups/reports/transactions") {
        const found = this.topups.get(req.url.searchParams.get("customIdentifier") ?? "");
        return res.send(200, {
          content: found ? [{ transactionId: found.transactionId, status: found.status }] : [],
          totalElements: found ? 1 : 0,
        });
      }
      res.send(404, { message: "No such route" });
    });
    const auth = await serve((req, res) => {
      const b = req.body ?? {};
      if (
        req.path !== "/oauth/token" ||
        b.client_id !== clientId ||
        b.client_secret !== clientSecret ||
        b.grant_type !== "client_credentials" ||
        b.audience !== api.url
      ) {
        return res.send(401, { error: "invalid_client" });
      }
      this.tokensIssued++;
      res.send(200, { access_token: token, scope: "send-topups", expires_in: 3600, token_type: "Bearer" });
    });
    this.servers = [api.server, auth.server];
    this.apiUrl = api.url;
    this.authUrl = auth.url;
    return this;
  }

  stop(): Promise<void> {
    return Promise.all(
      this.servers.map((s) => (s.closeAllConnections(), new Promise<void>((r) => s.close(() => r())))),
    ).then(() => {});
  }
}
