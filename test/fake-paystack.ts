// A local Paystack on 127.0.0.1: transaction/initialize and transaction/verify
// as Paystack answers them (Bearer secret key, amounts in the subunit), and
// signed webhook bodies (x-paystack-signature: hex HMAC-SHA512 of the body).
import { createServer, type Server } from "node:http";
import { createHmac } from "node:crypto";

export class FakePaystack {
  readonly transactions = new Map<string, { amount: number; currency: string; email: string; status: string }>();
  verifyCalls = 0;
  url = "";
  private server?: Server;

  constructor(private readonly secretKey: string) {}

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      let raw = "";
      request.on("data", (c) => (raw += c));
      request.on("end", () => {
        const send = (status: number, body: unknown) => {
          response.writeHead(status, { "content-type": "application/json" });
          response.end(JSON.stringify(body));
        };
        if (request.headers.authorization !== `Bearer ${this.secretKey}`)
          return send(401, { status: false, message: "Invalid key" });
        if (request.method === "POST" && request.url === "/transaction/initialize") {
          const body = JSON.parse(raw);
          if (!body.email || !Number.isInteger(body.amount))
            return send(400, { status: false, message: "Invalid amount or email" });
          this.transactions.set(body.reference, {
            amount: body.amount,
            currency: body.currency,
            email: body.email,
            status: "pending",
          });
          return send(200, {
            status: true,
            message: "Authorization URL created",
            data: {
              authorization_url: `https://checkout.paystack.test/${body.reference}`,
              access_code: "ac_test",
              reference: body.reference,
            },
          });
        }
        const verify = /^\/transaction\/verify\/(.+)$/.exec(request.url ?? "");
        if (request.method === "GET" && verify) {
          this.verifyCalls++;
          const tx = this.transactions.get(decodeURIComponent(verify[1]!));
          if (!tx) return send(400, { status: false, message: "Transaction reference not found" });
          return send(200, {
            status: true,
            message: "Verification successful",
            data: {
              status: tx.status,
              reference: verify[1],
              amount: tx.amount,
              currency: tx.currency,
              paid_at: new Date().toISOString(),
            },
          });
        }
        send(404, { status: false, message: "Not found" });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
    return this;
  }

  /** The customer paid at the checkout. */
  pay(reference: string) {
    this.transactions.get(reference)!.status = "success";
  }

  /** The webhook Paystack sends for a successful charge, signed as Paystack signs it. */
  chargeSuccess(reference: string): { body: string; signature: string } {
    const tx = this.transactions.get(reference)!;
    const body = JSON.stringify({
      event: "charge.success",
      data: {
        id: 1,
        status: "success",
        reference,
        amount: tx.amount,
        currency: tx.currency,
        customer: { email: tx.email },
        paid_at: new Date().toISOString(),
      },
    });
    return { body, signature: createHmac("sha512", this.secretKey).update(body).digest("hex") };
  }

  stop(): Promise<void> {
    this.server?.closeAllConnections();
    return new Promise((resolve) => this.server!.close(() => resolve()));
  }
}
