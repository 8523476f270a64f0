import { AppError } from "../errors/app-error";

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/**
 * Reads a request body, refusing it with 413 as soon as it passes the cap,
 * whether or not Content-Length was sent (chunked bodies are counted as they arrive).
 */
export async function readBody(request: Request, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function tooLarge(maxBytes: number) {
  return new AppError("PAYLOAD_TOO_LARGE", {
    message: `Request body is larger than ${maxBytes} bytes`,
    context: { limit_bytes: maxBytes },
  });
}
