// Refuses an RPC request past the batch or body limit before tRPC parses it,
// creates a context or runs a procedure: one request must not be able to carry
// a gigabyte, or a thousand argon2 hashes.
import { TRPC_MAX_BATCH, TRPC_MAX_BODY_BYTES } from "./limits";

/** The request to serve (its body read within the cap), or the refusal to send instead. */
export async function enforceRequestLimits(req: Request): Promise<Request | Response> {
  const url = new URL(req.url);
  const calls = decodeURIComponent(url.pathname.replace(/^\/api\/trpc\/?/, "")).split(",").length;
  if (calls > TRPC_MAX_BATCH)
    return refusal(400, "BAD_REQUEST", `A batch may hold at most ${TRPC_MAX_BATCH} calls; this one has ${calls}`);
  if (req.method !== "POST" || !req.body) return req;

  const declared = Number(req.headers.get("content-length"));
  if (declared > TRPC_MAX_BODY_BYTES) return tooLarge();
  const body = await readCapped(req.body, TRPC_MAX_BODY_BYTES);
  if (!body) return tooLarge();
  return new Request(req, { body, duplex: "half" } as RequestInit);
}

/** The whole body, or null as soon as it passes `cap` (the rest is never read into memory). */
async function readCapped(stream: ReadableStream<Uint8Array>, cap: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

function tooLarge(): Response {
  return refusal(413, "PAYLOAD_TOO_LARGE", `A request body may be at most ${TRPC_MAX_BODY_BYTES / 1024} KiB`);
}

/** In tRPC's own error shape, so the dashboard's client shows it like any other error. */
function refusal(status: number, code: string, message: string): Response {
  return Response.json({ error: { message, code: -32600, data: { code, httpStatus: status } } }, { status });
}
