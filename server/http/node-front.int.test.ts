import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { apiCustomer } from "../../test/api";
import { serveApi, type ServedApi } from "../../test/serve-api";

let served: ServedApi;
let base = "";
beforeAll(async () => {
  served = await serveApi({ pages: (_req, res) => res.end("next would answer this") });
  base = served.base;
});
afterAll(() => served.close());

describe("the lean Node front over real HTTP", () => {
  it("serves /api/v1 through the pipeline and hands every other path to Next", async () => {
    const c = await apiCustomer();
    const sent = await fetch(`${base}/api/v1/sms/send`, {
      method: "POST",
      headers: { authorization: `Bearer ${c.testKey}`, "content-type": "application/json" },
      body: JSON.stringify({ to: "+233241234567", message: "hi" }),
    });
    expect(sent.status).toBe(200);
    expect((await sent.json()).data.status).toBe("sent");
    expect(await (await fetch(`${base}/dashboard`)).text()).toBe("next would answer this");
    const unknown = await fetch(`${base}/api/v1/nope`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe("NOT_FOUND");
    const head = await fetch(`${base}/api/v1/sms/send`, { method: "OPTIONS" });
    expect(head.status).toBe(405);
    expect(head.headers.get("allow")).toBe("POST");
  });

  it("answers 413 in the envelope to a chunked body past 1 MiB", async () => {
    const c = await apiCustomer();
    const answer = await new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
      const req = httpRequest(
        `${base}/api/v1/sms/send`,
        {
          method: "POST",
          headers: {
            authorization: `Bearer ${c.testKey}`,
            "content-type": "application/json",
            "transfer-encoding": "chunked",
          },
        },
        (res) => {
          let body = "";
          res.on("data", (d) => (body += d));
          res.on("end", () => resolve({ status: res.statusCode!, body, connection: res.headers.connection }));
        },
      );
      req.on("error", (e) =>
        (e as NodeJS.ErrnoException).code === "EPIPE" || (e as NodeJS.ErrnoException).code === "ECONNRESET"
          ? undefined
          : reject(e),
      );
      req.write(`{"to":"+233241234567","message":"`);
      for (let i = 0; i < 20; i++) req.write("x".repeat(64 * 1024));
      req.end(`"}`);
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.code).toBe("PAYLOAD_TOO_LARGE");
    // Answered before the body ended, the connection ends too: a client must not send its next request on it.
    expect(answer.connection).toBe("close");
  });

  it("keeps the connection for the next request when the body was read, and closes it when it was not", async () => {
    const c = await apiCustomer();
    const send = (key: string) =>
      fetch(`${base}/api/v1/sms/send`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ to: "+233241234567", message: "hi" }),
      });
    const read = await send(c.testKey);
    expect(read.status).toBe(200);
    expect(read.headers.get("connection")).toBe("keep-alive");
    const refused = await send("kasa_test_not-a-real-key");
    expect(refused.status).toBe(401);
    expect(refused.headers.get("connection")).toBe("close");
  });

  it("answers any method an endpoint does not take with 405 and Allow in the envelope: TRACE, CONNECT and unknown tokens too", async () => {
    for (const method of ["TRACE", "PATCH", "PROPFIND", "CONNECT", "BREW"]) {
      const answer = await rawRequest(
        `${method} /api/v1/sms/send HTTP/1.1\r\nHost: kasa.test\r\nConnection: close\r\n\r\n`,
      );
      expect(answer.status, method).toBe(405);
      expect(answer.headers.allow, method).toBe("POST");
      expect(JSON.parse(answer.body).error, method).toMatchObject({ code: "METHOD_NOT_ALLOWED" });
    }
    const nowhere = await rawRequest("BREW /api/v1/nope HTTP/1.1\r\nHost: kasa.test\r\nConnection: close\r\n\r\n");
    expect(nowhere.status).toBe(404);
    expect(JSON.parse(nowhere.body).error.code).toBe("NOT_FOUND");
  });
});

/** One request written by hand on a socket: fetch refuses TRACE and CONNECT, and unknown methods altogether. */
function rawRequest(text: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1", () => socket.write(text));
    let raw = "";
    socket.on("data", (d) => (raw += d));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head, ...rest] = raw.split("\r\n\r\n");
      const [statusLine, ...lines] = (head ?? "").split("\r\n");
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
      );
      resolve({ status: Number(statusLine?.split(" ")[1]), headers, body: rest.join("\r\n\r\n") });
    });
  });
}
