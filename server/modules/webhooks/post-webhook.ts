// One delivery attempt: POST the exact bytes, give the whole attempt (the
// lookup, a wait for a socket, the connection, the answer and its body) at
// most 10 s, follow no redirect, and check the address actually dialled (not just the one seen at
// registration), so a DNS change cannot turn a webhook against our network.
import https from "node:https";
import { isIP } from "node:net";
import type { LookupAddress } from "node:dns";
import { isAllowedHost, isForbiddenAddress, resolveHost } from "./url-safety";
import { webhookBaseHeaders } from "./webhook-headers";

export const WEBHOOK_TIMEOUT_MS = 10_000;
const EXCERPT_BYTES = 4 * 1024;

export type AttemptResult = {
  statusCode: number | null;
  error: string | null;
  latencyMs: number;
  excerpt: string | null;
};

export function postWebhook({
  url,
  body,
  headers,
  options = {},
}: {
  url: string;
  body: string;
  headers: Record<string, string>;
  /** timeoutMs: the whole attempt's deadline (WEBHOOK_TIMEOUT_MS); keepBytes: how much of the answer is kept. */
  options?: { ca?: string | Buffer; timeoutMs?: number; keepBytes?: number };
}): Promise<AttemptResult> {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const keepBytes = options.keepBytes ?? EXCERPT_BYTES;
  const target = new URL(url);
  const exempt = isAllowedHost(target.hostname);
  const started = performance.now();
  const done = (result: Omit<AttemptResult, "latencyMs">): AttemptResult => ({
    ...result,
    latencyMs: Math.round(performance.now() - started),
  });
  // Node dials an IP literal without a lookup, so the lookup hook below never sees it.
  const literal = target.hostname.replace(/^\[|\]$/g, "");
  if (!exempt && isIP(literal) && isForbiddenAddress(literal)) {
    return Promise.resolve(
      done({
        statusCode: null,
        error: `refused: ${literal} is a private, loopback, link-local or reserved address`,
        excerpt: null,
      }),
    );
  }
  return new Promise((resolveOnce) => {
    let settled = false;
    let answeredWith: number | null = null;
    const resolve = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolveOnce(result);
    };
    // A total deadline, not an idle one: a receiver trickling a byte every 9 s must not hold a slot for ever.
    const deadline = setTimeout(
      () => request.destroy(new Error(`no complete answer within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    const request = https.request(
      target,
      {
        method: "POST",
        // Kept-alive sockets are safe to reuse: each was checked by the lookup below when it was dialled.
        agent: agentFor(options.ca, exempt),
        headers: { ...webhookBaseHeaders(body), ...headers },
        lookup: (hostname, opts, callback) => {
          resolveHost(hostname).then(
            (list) => {
              const bad = exempt ? undefined : list.find((a) => isForbiddenAddress(a.address));
              if (bad)
                return callback(
                  Object.assign(new Error(`refused: ${hostname} resolves to ${bad.address}`), { code: "EFORBIDDEN" }),
                  "",
                  4,
                );
              if ((opts as { all?: boolean }).all)
                return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
              callback(null, list[0]!.address, list[0]!.family);
            },
            (error: NodeJS.ErrnoException) => callback(error, "", 4),
          );
        },
      },
      (response) => {
        answeredWith = response.statusCode ?? null;
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          if (size < keepBytes) chunks.push(chunk);
          size += chunk.length;
        });
        response.on("end", () =>
          resolve(
            done({
              statusCode: response.statusCode ?? null,
              error: null,
              excerpt: Buffer.concat(chunks).subarray(0, keepBytes).toString("utf8"),
            }),
          ),
        );
        response.on("error", (error) =>
          resolve(done({ statusCode: response.statusCode ?? null, error: describe(error), excerpt: null })),
        );
        response.on("close", () => {
          if (!response.complete)
            resolve(
              done({
                statusCode: response.statusCode ?? null,
                error: `no complete answer within ${timeoutMs / 1000} s`,
                excerpt: null,
              }),
            );
        });
      },
    );
    request.on("error", (error) => resolve(done({ statusCode: answeredWith, error: describe(error), excerpt: null })));
    request.end(body);
  });
}

/** Dialling every address of a name fails with an AggregateError whose own message is empty: name each cause. */
function describe(error: Error): string {
  if (error instanceof AggregateError && error.errors.length)
    return [...new Set(error.errors.map((e: Error) => e.message))].join("; ");
  return error.message || (error as NodeJS.ErrnoException).code || "connection failed";
}

const agents = new Map<string, https.Agent>();
const trustStores = new Map<string | Buffer, number>();

/**
 * One keep-alive pool per trust store, with a cap per host so one customer's
 * endpoint is not flooded. Sockets to hosts exempted by WEBHOOK_ALLOWED_HOSTS
 * live in their own pool, so withdrawing an exemption takes effect at once.
 */
function agentFor(ca: string | Buffer | undefined, exempt: boolean): https.Agent {
  if (ca !== undefined && !trustStores.has(ca)) trustStores.set(ca, trustStores.size);
  const key = `${ca === undefined ? "system" : trustStores.get(ca)}:${exempt}`;
  let agent = agents.get(key);
  if (!agent) agents.set(key, (agent = new https.Agent({ keepAlive: true, maxSockets: 32, maxFreeSockets: 32, ca })));
  return agent;
}
