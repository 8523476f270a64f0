// A webhook receiver over real HTTPS on 127.0.0.1, with a throwaway
// self-signed certificate for "localhost" made by openssl.
import { createServer, type Server } from "node:https";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type Received = { headers: Record<string, string | string[] | undefined>; body: string };

export class HttpsReceiver {
  readonly received: Received[] = [];
  reply: () => { status: number; body?: string } = () => ({ status: 200, body: "ok" });
  cert = "";
  url = "";
  private server?: Server;

  async start(): Promise<this> {
    const dir = mkdtempSync(join(tmpdir(), "kasa-tls-"));
    execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem"), "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost"], { stdio: "ignore" });
    this.cert = readFileSync(join(dir, "cert.pem"), "utf8");
    const key = readFileSync(join(dir, "key.pem"), "utf8");
    rmSync(dir, { recursive: true, force: true });
    this.server = createServer({ cert: this.cert, key }, (request, response) => {
      let body = "";
      request.on("data", (c) => (body += c));
      request.on("end", () => {
        this.received.push({ headers: request.headers, body });
        const reply = this.reply();
        response.writeHead(reply.status, { "content-type": "text/plain" });
        response.end(reply.body ?? "");
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `https://localhost:${(this.server.address() as { port: number }).port}/hooks/kasa`;
    return this;
  }

  stop(): Promise<void> {
    this.server?.closeAllConnections();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
