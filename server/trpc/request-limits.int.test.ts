// Attacks on the dashboard RPC's door: a batch of a thousand sign-ups, and a
// body far past any form. Both are refused before tRPC parses, hashes or
// stores anything, and the server reads no more of the body than its cap.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request as httpRequest } from "node:http";
import { handleTrpcRequest } from "./handle-request";
import { TRPC_MAX_BODY_BYTES } from "./limits";
import { serveWebHandler, type ServedHandler } from "../../test/serve-web-handler";
import { rowCounts } from "../../test/row-counts";

let served: ServedHandler;
beforeAll(async () => (served = await serveWebHandler(handleTrpcRequest)));
afterAll(() => served.close());

describe("the dashboard RPC under attack", () => {
  it("refuses a batch of 1,000 sign-ups with 400 before hashing a single password", async () => {
    const before = await rowCounts();
    const calls = Array.from({ length: 1000 }, () => "auth.signUp").join(",");
    const inputs = Object.fromEntries(
      Array.from({ length: 1000 }, (_, i) => [
        i,
        { json: { email: `flood${i}@example.com`, password: "x".repeat(12) } },
      ]),
    );
    const answer = await fetch(`${served.base}/api/trpc/${calls}?batch=1`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(inputs),
    });
    expect(answer.status).toBe(400);
    expect((await answer.json()).error.message).toMatch(/at most 10 calls/);
    expect(await rowCounts()).toEqual(before);
  });

  it("answers 413 to a 64 MiB body and stops reading it at the 1 MiB cap", async () => {
    const readBefore = served.bodyBytesRead();
    const chunk = Buffer.alloc(64 * 1024, "a");
    const answer = await new Promise<{ status: number; sent: number }>((resolve, reject) => {
      let sent = 0;
      const req = httpRequest(`${served.base}/api/trpc/auth.signUp`, {
        method: "POST",
        headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
      });
      req.on("response", (res) => {
        res.resume();
        resolve({ status: res.statusCode!, sent });
        req.destroy();
      });
      req.on("error", reject);
      const pump = () => {
        while (sent < 64 * 1024 * 1024) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        req.end();
      };
      pump();
    });
    expect(answer.status).toBe(413);
    // The socket's buffers let a little more in than the cap, never the whole body.
    expect(served.bodyBytesRead() - readBefore).toBeLessThan(TRPC_MAX_BODY_BYTES + 4 * 1024 * 1024);
    expect(answer.sent).toBeLessThan(64 * 1024 * 1024);
  });

  it("answers 413 at once to a declared length past the cap, without reading the body", async () => {
    const answer = await fetch(`${served.base}/api/trpc/auth.signUp`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "x".repeat(TRPC_MAX_BODY_BYTES + 1),
    });
    expect(answer.status).toBe(413);
    expect((await answer.json()).error.data.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("reads a contacts CSV past the cap only from someone signed in, and never in a batch", async () => {
    const body = JSON.stringify({ csv: "x".repeat(TRPC_MAX_BODY_BYTES + 1) });
    const post = (path: string) =>
      fetch(`${served.base}/api/trpc/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
    // Signed out: refused before a byte of the file is read.
    const before = served.bodyBytesRead();
    const alone = await post("contacts.import");
    expect(alone.status).toBe(401);
    expect(served.bodyBytesRead() - before).toBeLessThan(TRPC_MAX_BODY_BYTES);
    expect((await post("contacts.import,contacts.previewImport")).status).toBe(413);
  });
});
