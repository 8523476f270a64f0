// One delivery attempt: POST the exact bytes, wait at most 10 s, follow no
// redirect, and check the address actually dialled (not just the one seen at
// registration), so a DNS change cannot turn a webhook against our network.
import https from "node:https";
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { allowedHosts, isForbiddenAddress } from "./url-safety";

export const WEBHOOK_TIMEOUT_MS = 10_000;
const EXCERPT_BYTES = 4 * 1024;

export type AttemptResult = { statusCode: number | null; error: string | null; latencyMs: number; excerpt: string | null };

export function postWebhook(url: string, body: string, headers: Record<string, string>, options: { ca?: string | Buffer } = {}): Promise<AttemptResult> {
  const target = new URL(url);
  const exempt = allowedHosts().has(target.hostname.replace(/^\[|\]$/g, "").toLowerCase());
  const started = performance.now();
  const done = (result: Omit<AttemptResult, "latencyMs">): AttemptResult => ({ ...result, latencyMs: Math.round(performance.now() - started) });
  return new Promise((resolve) => {
    const request = https.request(
      target,
      {
        method: "POST",
        ca: options.ca,
        // A fresh connection every time: a pooled socket would skip the address check below.
        agent: false,
        headers: { "Content-Type": "application/json", "User-Agent": "Service-Webhook/1.0", "Content-Length": Buffer.byteLength(body), ...headers },
        lookup: (hostname, opts, callback) =>
          dnsLookup(hostname, { ...opts, all: true }, (error, addresses) => {
            if (error) return callback(error, "", 4);
            const list = addresses as LookupAddress[];
            const bad = exempt ? undefined : list.find((a) => isForbiddenAddress(a.address));
            if (bad) return callback(Object.assign(new Error(`refused: ${hostname} resolves to ${bad.address}`), { code: "EFORBIDDEN" }), "", 4);
            if ((opts as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
            callback(null, list[0]!.address, list[0]!.family);
          }),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          if (size < EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        response.on("end", () => resolve(done({ statusCode: response.statusCode ?? null, error: null, excerpt: Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString("utf8") })));
        response.on("error", (error) => resolve(done({ statusCode: response.statusCode ?? null, error: error.message, excerpt: null })));
      },
    );
    request.setTimeout(WEBHOOK_TIMEOUT_MS, () => request.destroy(new Error(`no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`)));
    request.on("error", (error) => resolve(done({ statusCode: null, error: error.message, excerpt: null })));
    request.end(body);
  });
}
