// A small HTTP client for carrier and provider APIs: node's http/https with
// keep-alive agents (a long-lived connection per upstream, like a real
// aggregator's), a hard timeout, no redirects followed. Cheaper per request
// than fetch, which matters on the send path.
import http from "node:http";
import https from "node:https";

const agents = { "http:": new http.Agent({ keepAlive: true, maxSockets: 64 }), "https:": new https.Agent({ keepAlive: true, maxSockets: 64 }) };

export class UpstreamTimeout extends Error {}

export function postForm(url: string, form: URLSearchParams, headers: Record<string, string>, timeoutMs: number): Promise<{ status: number; body: string }> {
  const target = new URL(url);
  const body = form.toString();
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: "POST",
        agent: agents[target.protocol as "http:" | "https:"],
        headers: { ...headers, "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new UpstreamTimeout(`no answer within ${timeoutMs} ms`)));
    req.on("error", reject);
    req.end(body);
  });
}
