// A webhook receiver over real HTTPS on 127.0.0.1, with a throwaway
// self-signed certificate for "localhost" made by openssl. It can go down and
// come back on the same port, and answer slowly, like a real customer's server.
import { createServer, type Server } from "node:https";
import type { RequestListener } from "node:http";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type Received = { headers: Record<string, string | string[] | undefined>; body: string; path: string };
type Reply = {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  delayMs?: number;
  /** Answer only once this settles (a receiver that is slow for as long as the test says). */
  until?: Promise<unknown>;
  /** Send the headers, then a byte of body this often, never finishing (an attacker's slow answer). */
  trickleEveryMs?: number;
};

export class HttpsReceiver {
  readonly received: Received[] = [];
  reply: (request: Received) => Reply = () => ({ status: 200, body: "ok" });
  /** Serve with this instead of `reply` (a real app's handler, e.g. the SDK's examples); nothing is recorded then. */
  handler: RequestListener | null = null;
  cert = "";
  /** The certificate on disk, for child processes' NODE_EXTRA_CA_CERTS. */
  certFile = "";
  url = "";
  port = 0;
  private key = "";
  private dir = "";
  private server?: Server;

  /** certFile: also write the certificate there, for a process started later to trust (NODE_EXTRA_CA_CERTS). */
  async start(options: { port?: number; certFile?: string } = {}): Promise<this> {
    this.port = options.port ?? 0;
    this.dir = mkdtempSync(join(tmpdir(), "kasa-tls-"));
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        join(this.dir, "key.pem"),
        "-out",
        join(this.dir, "cert.pem"),
        "-days",
        "1",
        "-subj",
        "/CN=localhost",
        "-addext",
        "subjectAltName=DNS:localhost",
      ],
      { stdio: "ignore" },
    );
    this.cert = readFileSync(join(this.dir, "cert.pem"), "utf8");
    this.key = readFileSync(join(this.dir, "key.pem"), "utf8");
    this.certFile = options.certFile ?? join(this.dir, "ca.pem");
    writeFileSync(this.certFile, this.cert);
    await this.up();
    this.url = `https://localhost:${this.port}/hooks/kasa`;
    return this;
  }

  /** Listens (again) on the same port. */
  async up(): Promise<void> {
    this.server = createServer({ cert: this.cert, key: this.key }, (request, response) => {
      if (this.handler) return void this.handler(request, response);
      let body = "";
      request.on("data", (c) => (body += c));
      request.on("end", () => {
        const received = { headers: request.headers, body, path: request.url ?? "" };
        this.received.push(received);
        const reply = this.reply(received);
        const send = () => {
          if (response.destroyed) return;
          response.writeHead(reply.status, { "content-type": "text/plain", ...reply.headers });
          if (!reply.trickleEveryMs) return void response.end(reply.body ?? "");
          response.write(".");
          const drip = setInterval(
            () => (response.destroyed ? clearInterval(drip) : response.write(".")),
            reply.trickleEveryMs,
          );
          drip.unref();
        };
        if (reply.until) void reply.until.then(send);
        else if (reply.delayMs) setTimeout(send, reply.delayMs).unref();
        else send();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, "127.0.0.1", resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  /** Stops listening: connections are refused until up(). */
  down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    server?.closeAllConnections();
    return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  async stop(): Promise<void> {
    await this.down();
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }
}
