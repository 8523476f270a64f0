// What the /api/v1 pipeline sees of a request: method, URL and headers at
// once, the body only on demand. Authentication runs on the headers, so a
// request with a bad key is answered before a byte of its body is read, on
// every mount: App Router route handlers (a Web Request) and the lean Node
// front (an IncomingMessage, read straight from the socket).
import type { IncomingMessage } from "node:http";
import { readCapped } from "../lib/read-capped";
import { AppError } from "../errors/app-error";
import { clientGoneWithSignal, clientGoneWithSocket, type ClientGone } from "./deadline";

export type ApiRequest = {
  method: string;
  url: URL;
  headers: Headers;
  /** The body as text, refused with 413 as soon as it passes `maxBytes` (chunked bodies are counted too). */
  readBody(maxBytes: number): Promise<string>;
  /** Whether the whole body has been read (an answer given before it was closes the connection). */
  bodyConsumed(): boolean;
  /** The values of the path's parameters (`{phone_number}`), decoded, set by the router. */
  pathParams?: Record<string, string>;
  /** The client going away before its answer. */
  clientGone?: ClientGone;
  /**
   * A front that is not HTTP (the SMTP submission service) adds what it answered in its own protocol to the
   * request-log line's answer, so the line shows the reply the client saw.
   */
  annotateAnswer?: (answer: unknown, status: number) => unknown;
};

export function fromWebRequest(request: Request): ApiRequest {
  let consumed = request.body === null;
  return {
    method: request.method,
    url: new URL(request.url),
    headers: request.headers,
    async readBody(maxBytes) {
      refuseDeclaredOversize(request.headers, maxBytes);
      if (!request.body) return "";
      const body = await readCapped(request.body, maxBytes);
      if (!body) throw tooLarge(maxBytes);
      consumed = true;
      return body.toString("utf8");
    },
    bodyConsumed: () => consumed,
    clientGone: clientGoneWithSignal(request.signal),
  };
}

export function fromNodeRequest(req: IncomingMessage, origin: string): ApiRequest {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    // Node has already refused malformed header names; values it accepts, Headers may still refuse.
    try {
      headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
    } catch {
      /* a header the Fetch standard cannot hold is not one the pipeline reads */
    }
  }
  let consumed = req.readableEnded || !hasBody(req);
  return {
    method: req.method ?? "GET",
    url: requestUrl(req.url ?? "/", origin),
    headers,
    async readBody(maxBytes) {
      refuseDeclaredOversize(headers, maxBytes);
      const chunks: Buffer[] = [];
      let total = 0;
      for await (const chunk of req) {
        total += (chunk as Buffer).byteLength;
        if (total > maxBytes) throw tooLarge(maxBytes);
        chunks.push(chunk as Buffer);
      }
      consumed = true;
      return chunks.length === 1 ? chunks[0]!.toString("utf8") : Buffer.concat(chunks).toString("utf8");
    },
    bodyConsumed: () => consumed,
    clientGone: clientGoneWithSocket(req.socket),
  };
}

/** `//api/v1/…` is a path here, never a host: read against the origin, a protocol-relative target would be. */
function requestUrl(target: string, origin: string): URL {
  return target.startsWith("/") ? new URL(`${origin}${target}`) : new URL(target, origin);
}

function hasBody(req: IncomingMessage): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

function refuseDeclaredOversize(headers: Headers, maxBytes: number) {
  const declared = Number(headers.get("content-length") ?? NaN);
  if (declared > maxBytes) throw tooLarge(maxBytes);
}

function tooLarge(maxBytes: number) {
  return new AppError("PAYLOAD_TOO_LARGE", {
    message: `Request body is larger than ${maxBytes} bytes`,
    context: { limit_bytes: maxBytes },
  });
}
