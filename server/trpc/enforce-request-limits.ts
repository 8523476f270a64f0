// Refuses an RPC request past the batch or body limit before tRPC parses it,
// creates a context or runs a procedure: one request must not be able to carry
// a gigabyte, or a thousand argon2 hashes.
import { TRPC_FILE_PROCEDURES, TRPC_MAX_BATCH, TRPC_MAX_BODY_BYTES } from "./limits";
import { readCapped } from "../lib/read-capped";

/** The request to serve (its body read within the cap), or the refusal to send instead. */
export async function enforceRequestLimits(req: Request): Promise<Request | Response> {
  const paths = trpcPaths(req);
  const calls = paths.length;
  if (calls > TRPC_MAX_BATCH)
    return refusal(400, "BAD_REQUEST", `A batch may hold at most ${TRPC_MAX_BATCH} calls; this one has ${calls}`);
  if (req.method !== "POST" || !req.body) return req;

  // A file's procedure has its own limit only when called alone: a batch cannot borrow it.
  const limit = (calls === 1 && TRPC_FILE_PROCEDURES.get(paths[0]!)) || TRPC_MAX_BODY_BYTES;
  const declared = Number(req.headers.get("content-length"));
  if (declared > limit) return tooLarge(limit);
  const body = await readCapped(req.body, limit);
  if (!body) return tooLarge(limit);
  // Buffer.concat made a fresh, unshared buffer: it is a plain Uint8Array over an ArrayBuffer.
  return new Request(req, { body: body as Uint8Array<ArrayBuffer>, duplex: "half" } as RequestInit);
}

function tooLarge(limit: number): Response {
  return refusal(413, "PAYLOAD_TOO_LARGE", `A request body may be at most ${limit / 1024} KiB`);
}

/** The procedures a request calls (several when batched), from its URL. */
export function trpcPaths(req: Request): string[] {
  return decodeURIComponent(new URL(req.url).pathname.replace(/^\/api\/trpc\/?/, "")).split(",");
}

/** In tRPC's own error shape, so the dashboard's client shows it like any other error. */
export function refusal(status: number, code: string, message: string): Response {
  return Response.json({ error: { message, code: -32600, data: { code, httpStatus: status } } }, { status });
}
