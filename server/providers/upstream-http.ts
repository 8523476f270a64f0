// The HTTP(S) client for carriers, top-up and payment providers: keep-alive
// agents (a long-lived connection per upstream), a hard timeout, no redirects
// followed, a JSON or form body. It tells apart the two failures that matter
// for money: the request never reached them (connection refused, DNS, TLS:
// safe to refund, or to try another carrier) and the request left but no
// answer came in time (ambiguous: a purchase may have happened, so it must be
// reconciled).
import http from "node:http";
import https from "node:https";

const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 64 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

/** The request did not reach the provider: nothing happened there. */
export class UpstreamUnreachable extends Error {}
/** The request was sent and no answer came in time: it may or may not have happened. */
export class UpstreamNoAnswer extends Error {}

export type UpstreamResponse = { status: number; body: unknown; text: string };

/** `body` goes as JSON, `form` as application/x-www-form-urlencoded. */
export function requestUpstream(
  method: "GET" | "POST",
  url: string,
  options: { headers?: Record<string, string>; body?: unknown; form?: URLSearchParams; timeoutMs: number },
): Promise<UpstreamResponse> {
  const target = new URL(url);
  const payload = options.form
    ? options.form.toString()
    : options.body === undefined
      ? undefined
      : JSON.stringify(options.body);
  const contentType = options.form ? "application/x-www-form-urlencoded" : "application/json";
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    let sent = false;
    const request = client.request(
      target,
      {
        method,
        agent: agents[target.protocol as "http:" | "https:"],
        headers: {
          accept: "application/json",
          ...(payload ? { "content-type": contentType, "content-length": Buffer.byteLength(payload) } : {}),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (c: Buffer) => chunks.push(c));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let body: unknown;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            body = null;
          }
          resolve({ status: response.statusCode ?? 0, body, text });
        });
        response.on("error", (error) => reject(new UpstreamNoAnswer(error.message)));
      },
    );
    // "finish": the whole request was handed to the socket; from then on a silence is ambiguous.
    request.on("finish", () => (sent = true));
    request.setTimeout(options.timeoutMs, () =>
      request.destroy(new Error(`no answer within ${options.timeoutMs / 1000} s`)),
    );
    request.on("error", (error) =>
      reject(sent ? new UpstreamNoAnswer(error.message) : new UpstreamUnreachable(error.message)),
    );
    request.end(payload);
  });
}
