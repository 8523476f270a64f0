// A local Reloadly on 127.0.0.1 that speaks its wire format (server/providers/topups/reloadly-client.ts
// cites the documentation): OAuth client credentials, operators (airtime and
// Ghana data, test/fake-reloadly-operators.ts), POST /topups checked against
// the operator's amounts, reports by customIdentifier. The recipient's last
// digit picks the outcome: 2 declined, 3 PROCESSING, 5 answered too late but
// delivered, 6 answered too late and dropped (never happened), else delivered.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { ghanaOperators } from "./fake-reloadly-operators";
import { configure } from "../server/config/config";

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

type FakeTopup = {
  transactionId: number;
  status: string;
  phone: string;
  amount: number;
  operatorId: number;
  useLocalAmount: boolean;
};

export class FakeReloadly {
  readonly topups = new Map<string, FakeTopup>();
  readonly operators = ghanaOperators();
  topupCalls = 0;
  tokensIssued = 0;
  catalogueReads = 0;
  /** Answer reports with every top-up, as an API that ignored the customIdentifier filter would. */
  reportFilterIgnored = false;
  authUrl = "";
  apiUrl = "";
  private servers: Server[] = [];

  /** The operator withdraws a plan (its amount in cedis, or in USD for an operator without local amounts). */
  stopSelling(operatorId: number, amount: number) {
    const op = this.operators.find((o) => o.id === operatorId)!;
    const local = op.localFixedAmounts;
    const i = local.length ? local.indexOf(amount) : op.fixedAmounts.indexOf(amount);
    if (local.length) local.splice(i, 1);
    op.fixedAmounts.splice(i, 1);
  }

  /** The operator reports on a PROCESSING top-up. */
  settle(customIdentifier: string, status: "SUCCESSFUL" | "FAILED" | "REFUNDED") {
    this.topups.get(customIdentifier)!.status = status;
  }

  async start(clientId: string, clientSecret: string): Promise<this> {
    const token = "fake-reloadly-token";
    const api = await serve((req, res) => {
      if (req.headers.authorization !== `Bearer ${token}`)
        return res.send(401, { errorCode: "TOKEN_EXPIRED", message: "Invalid token" });
      if (req.headers.accept !== "application/com.reloadly.topups-v1+json")
        return res.send(406, { message: "Not acceptable" });
      let m: RegExpExecArray | null;
      if ((m = /^\/operators\/(\d+)$/.exec(req.path))) {
        const op = this.operators.find((o) => o.id === Number(m![1]));
        return op ? res.send(200, op) : res.send(404, refusal("OPERATOR_NOT_FOUND", "Operator not found", req.path));
      }
      if ((m = /^\/operators\/auto-detect\/phone\/([^/]+)\/countries\/([A-Z]{2})$/.exec(req.path))) {
        const phone = decodeURIComponent(m[1]!).replace(/^\+233/, "");
        return res.send(200, this.operators[phone.startsWith("20") || phone.startsWith("50") ? 1 : 0]);
      }
      if ((m = /^\/operators\/countries\/([A-Z]{2})$/.exec(req.path))) {
        // Data and bundle operators are listed unless asked not to be (both default to true).
        const q = req.url.searchParams;
        this.catalogueReads++;
        return res.send(
          200,
          this.operators.filter(
            (o) =>
              o.country.isoName === m![1] &&
              !(o.data && q.get("includeData") === "false") &&
              !(o.bundle && q.get("includeBundles") === "false"),
          ),
        );
      }
      if (req.method === "POST" && req.path === "/topups") return this.topup(req.body ?? {}, res);
      if (req.method === "GET" && req.path === "/topups/reports/transactions") {
        const wanted = req.url.searchParams.get("customIdentifier");
        const rows = [...this.topups.entries()]
          .filter(([id]) => wanted === null || this.reportFilterIgnored || id === wanted)
          .map(([customIdentifier, t]) => ({ ...t, customIdentifier, recipientPhone: t.phone }));
        return res.send(200, { content: rows, totalElements: rows.length });
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

  private topup(body: any, res: { send(status: number, body: unknown, delayMs?: number): void }) {
    this.topupCalls++;
    const { operatorId, amount, useLocalAmount, customIdentifier, recipientPhone } = body;
    if (!customIdentifier || !recipientPhone?.countryCode || !recipientPhone?.number)
      return res.send(400, refusal("BAD_REQUEST", "Malformed request"));
    const op = this.operators.find((o) => o.id === Number(operatorId));
    if (!op) return res.send(400, refusal("OPERATOR_UNAVAILABLE_OR_CURRENTLY_INACTIVE", "No such operator"));
    const fixed = useLocalAmount ? op.localFixedAmounts : op.fixedAmounts;
    if (
      op.denominationType === "FIXED" &&
      (!fixed.includes(Number(amount)) || (useLocalAmount && !op.supportsLocalAmounts))
    )
      return res.send(400, refusal("INVALID_AMOUNT_FOR_OPERATOR", "The amount is not valid for this operator"));
    if (op.denominationType === "RANGE" && !useLocalAmount)
      return res.send(400, refusal("BAD_REQUEST", "This fake sells airtime in local amounts only"));
    const last = String(recipientPhone.number).slice(-1);
    if (last === "2")
      return res.send(400, refusal("PHONE_RECENTLY_RECHARGED", "This number was recharged recently; try later"));
    if (last === "6") return res.send(200, {}, LATE_MS * 5);
    const tx: FakeTopup = {
      transactionId: 5000 + this.topups.size,
      status: last === "3" ? "PROCESSING" : "SUCCESSFUL",
      phone: recipientPhone.number,
      amount: Number(amount),
      operatorId: op.id,
      useLocalAmount: Boolean(useLocalAmount),
    };
    this.topups.set(customIdentifier, tx);
    res.send(
      200,
      {
        transactionId: tx.transactionId,
        status: tx.status,
        operatorId: op.id,
        operatorName: op.name,
        customIdentifier,
        requestedAmount: tx.amount,
        deliveredAmount: tx.amount,
        deliveredAmountCurrencyCode: useLocalAmount ? "GHS" : "USD",
      },
      last === "5" ? LATE_MS : 0,
    );
  }

  stop(): Promise<void> {
    return Promise.all(
      this.servers.map((s) => (s.closeAllConnections(), new Promise<void>((r) => s.close(() => r())))),
    ).then(() => {});
  }
}

function refusal(errorCode: string, message: string, path = "/topups") {
  return { timeStamp: new Date().toISOString(), message, path, errorCode, infoLink: null, details: [] };
}

/**
 * A fake Reloadly for the whole test file, set as the live top-up provider
 * (RELOADLY_* and any `env` given) while the file runs; `afterStart` runs once
 * it is up (to pin catalogue rows, say).
 */
export function useFakeReloadly(
  hooks: { beforeAll: (fn: () => Promise<void>) => void; afterAll: (fn: () => Promise<void>) => void },
  env: Record<string, string> = {},
): FakeReloadly {
  const reloadly = new FakeReloadly();
  const settings = () => ({
    RELOADLY_CLIENT_ID: "reloadly-client",
    RELOADLY_CLIENT_SECRET: "reloadly-secret",
    RELOADLY_AUTH_URL: reloadly.authUrl,
    RELOADLY_API_URL: reloadly.apiUrl,
    ...env,
  });
  let restore = () => {};
  hooks.beforeAll(async () => {
    await reloadly.start("reloadly-client", "reloadly-secret");
    restore = configure(settings());
  });
  hooks.afterAll(async () => {
    restore();
    await reloadly.stop();
  });
  return reloadly;
}
