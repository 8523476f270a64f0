import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { connect } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { proxyToNext } from "./proxy-to-next";
import { trustForwardedFor } from "../http/trusted-forwarded-for";

// A stand-in for the Next thread on a real unix socket, and the web process's front before it on loopback.
const dir = mkdtempSync(join(tmpdir(), "kasa-proxy-test-"));
const socketPath = join(dir, "next.sock");
let upstreamUp = true;
let lost = 0;
let requestsSeen: string[] = [];
let seen: IncomingMessage | null = null;
let seenBody = "";
let upstream: Server;
let front: Server;
let base = "";

beforeAll(async () => {
  upstream = createServer((req, res) => {
    seen = req;
    requestsSeen.push(`${req.method} ${req.url} ${req.headers["x-forwarded-for"]}`);
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      seenBody = Buffer.concat(chunks).toString();
      if (req.url === "/stream") {
        // A page rendered in parts: the first part reaches the client before the last is written.
        res.writeHead(200, { "content-type": "text/html" });
        res.write("<p>first</p>");
        setTimeout(() => res.end("<p>last</p>"), 300);
        return;
      }
      res.setHeader("set-cookie", ["a=1; Path=/", "b=2; Path=/"]);
      res.setHeader("keep-alive", "timeout=42");
      res.writeHead(201, "Made", { "content-type": "text/plain" });
      res.end(`${req.method} ${req.url}`);
    });
  });
  await new Promise<void>((resolve) => upstream.listen(socketPath, resolve));
  const proxy = proxyToNext({
    path: () => (upstreamUp ? socketPath : null),
    lost: () => lost++,
  });
  front = createServer((req, res) => {
    trustForwardedFor(req);
    void proxy(req, res);
  });
  await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(front.address() as { port: number }).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => front.close(resolve));
  front.closeAllConnections();
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe("a page request handed to the Next thread", () => {
  it("keeps method, path, query, body, status and every Set-Cookie; hop-by-hop headers stay on their hop", async () => {
    const answer = await fetch(`${base}/accounts/acc_1/keys?tab=live`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "6.6.6.6", cookie: "session=s" },
      body: JSON.stringify({ hello: "world" }),
    });
    expect(answer.status).toBe(201);
    expect(answer.statusText).toBe("Made");
    expect(await answer.text()).toBe("POST /accounts/acc_1/keys?tab=live");
    expect(answer.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(answer.headers.get("keep-alive")).not.toBe("timeout=42");
    expect(seenBody).toBe('{"hello":"world"}');
    expect(seen!.headers.cookie).toBe("session=s");
    // The address the client wrote is dropped; the front's peer is what the Next thread counts.
    expect(seen!.headers["x-forwarded-for"]).toBe("127.0.0.1");
  });

  it("streams a page as it is rendered", async () => {
    const answer = await fetch(`${base}/stream`);
    const reader = answer.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe("<p>first</p>");
    let rest = "";
    for (let part = await reader.read(); !part.done; part = await reader.read())
      rest += new TextDecoder().decode(part.value);
    expect(rest).toBe("<p>last</p>");
  });

  it("answers 503 with Retry-After while the Next thread is starting again", async () => {
    upstreamUp = false;
    try {
      const answer = await fetch(`${base}/`);
      expect(answer.status).toBe(503);
      expect(answer.headers.get("retry-after")).toBe("1");
    } finally {
      upstreamUp = true;
    }
  });

  it("sends a chunked body on chunked, whatever the method: a body never becomes a request of its own", async () => {
    requestsSeen = [];
    const smuggled = "GET /admin HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 6.6.6.6\r\n\r\n";
    const raw =
      "GET /first HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n" +
      `${Buffer.byteLength(smuggled).toString(16)}\r\n${smuggled}\r\n0\r\n\r\n`;
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(Number(new URL(base).port), "127.0.0.1");
      let text = "";
      socket.on("data", (d) => (text += d.toString()));
      socket.on("close", () => resolve(text));
      socket.write(raw);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 201/);
    // Next read those bytes as the first request's body (answered only once read): so they were never a request.
    expect(seenBody).toBe(smuggled);
    expect(requestsSeen).toEqual(["GET /first 127.0.0.1"]);
  });

  it("answers 503 and has the thread started again when its socket is gone", async () => {
    // A proxy of its own, with no link kept alive from the tests before: its socket file is not there.
    const proxy = proxyToNext({ path: () => join(dir, "removed.sock"), lost: () => lost++ });
    const lone = createServer((req, res) => void proxy(req, res));
    await new Promise<void>((resolve) => lone.listen(0, "127.0.0.1", resolve));
    try {
      const answer = await fetch(`http://127.0.0.1:${(lone.address() as { port: number }).port}/`);
      expect(answer.status).toBe(503);
      expect(answer.headers.get("retry-after")).toBe("1");
      expect(lost).toBe(1);
    } finally {
      lone.closeAllConnections();
      await new Promise((resolve) => lone.close(resolve));
    }
  });
});
