import { resourcesOf, type Resources } from "./resources.js";
import { send, type KasaResponse, type RequestOptions, type TransportOptions } from "./transport.js";
import { withIdempotencyKey } from "./idempotency.js";
import type { BodyOf, DataOf, HttpMethod, PathFor, QueryOf } from "./types.js";

export type KasaOptions = {
  /** kasa_test_... (sandbox: nothing is sent or charged) or kasa_live_...; default: the KASA_API_KEY environment variable. */
  apiKey?: string;
  /** The deployment's address; default: KASA_BASE_URL, else http://localhost:3000 (`npm run dev`). */
  baseUrl?: string;
  /** A fetch to use instead of the runtime's (a proxy agent, a test double). */
  fetch?: typeof fetch;
  /** Retries of a failure that is safe to retry (see retry.ts); default 2. */
  maxRetries?: number;
  /** Per attempt; default 30 s (the API gives up on a request after 10 s). */
  timeoutMs?: number;
};

/** Input of a raw call: the query of a GET or DELETE, the body of a POST. */
export type RawInput<M extends HttpMethod, P extends PathFor<M>> = M extends "POST"
  ? { body: BodyOf<M, P>; idempotent?: boolean }
  : { query?: QueryOf<M, P> };

/**
 * A client of one Kasa deployment with one API key.
 *
 *     const kasa = new Kasa({ apiKey: process.env.KASA_API_KEY, baseUrl: "https://kasa.example.com" });
 *     const sms = await kasa.sms.send({ to: "+233241234567", message: "Hello" });
 */
export class Kasa {
  readonly sms: Resources["sms"];
  readonly email: Resources["email"];
  readonly webhooks: Resources["webhooks"];
  readonly data: Resources["data"];
  readonly airtime: Resources["airtime"];
  /** The balance, the plan and this period's usage against the plan's limits. */
  readonly balance: Resources["balance"];
  readonly domains: Resources["domains"];
  readonly senderIds: Resources["senderIds"];
  readonly phoneNumbers: Resources["phoneNumbers"];
  readonly requests: Resources["requests"];
  readonly verify: Resources["verify"];
  readonly lookup: Resources["lookup"];
  readonly contacts: Resources["contacts"];
  readonly lists: Resources["lists"];
  readonly templates: Resources["templates"];
  readonly broadcasts: Resources["broadcasts"];
  /** Delivery figures: counts, rates and delivery times by day, country, network, reason... */
  readonly analytics: Resources["analytics"];
  readonly ussd: Resources["ussd"];
  readonly whatsapp: Resources["whatsapp"];
  readonly #settings: TransportOptions;

  constructor(options: KasaOptions = {}) {
    const apiKey = options.apiKey ?? environment("KASA_API_KEY");
    if (!apiKey) throw new Error("Kasa needs an API key: pass { apiKey } or set KASA_API_KEY");
    const fetchFn = options.fetch ?? globalThis.fetch;
    if (typeof fetchFn !== "function") throw new Error("This runtime has no fetch: pass { fetch }");
    this.#settings = {
      apiKey,
      baseUrl: options.baseUrl ?? environment("KASA_BASE_URL") ?? "http://localhost:3000",
      // Called unbound: some runtimes' fetch throws when `this` is not the global object.
      fetch: (input, init) => fetchFn(input, init),
      maxRetries: options.maxRetries ?? 2,
      timeoutMs: options.timeoutMs ?? 30_000,
    };
    const resources = resourcesOf(this.#settings);
    this.sms = resources.sms;
    this.email = resources.email;
    this.webhooks = resources.webhooks;
    this.data = resources.data;
    this.airtime = resources.airtime;
    this.balance = resources.balance;
    this.domains = resources.domains;
    this.senderIds = resources.senderIds;
    this.phoneNumbers = resources.phoneNumbers;
    this.requests = resources.requests;
    this.verify = resources.verify;
    this.lookup = resources.lookup;
    this.contacts = resources.contacts;
    this.lists = resources.lists;
    this.templates = resources.templates;
    this.broadcasts = resources.broadcasts;
    this.analytics = resources.analytics;
    this.ussd = resources.ussd;
    this.whatsapp = resources.whatsapp;
  }

  /**
   * Any operation, with the whole answer: status, headers, request id, and whether it was a replay.
   * A POST with `idempotent: true` gets an idempotency key unless its body has one, and is retried like a send.
   */
  async request<M extends HttpMethod, P extends PathFor<M>>(
    method: M,
    path: P,
    input: RawInput<M, P>,
    options?: RequestOptions,
  ): Promise<KasaResponse<DataOf<M, P>>> {
    if ("body" in input) {
      const body = input.idempotent ? withIdempotencyKey(input.body as object) : (input.body as object);
      return send(this.#settings, { method, path, body, repeatable: input.idempotent === true, options });
    }
    const query = (input as { query?: object }).query;
    return send(this.#settings, { method, path, query, repeatable: method === "GET", options });
  }
}

/** An environment variable where the runtime has them (Node, Bun, Deno with --allow-env); never required. */
function environment(name: string): string | undefined {
  try {
    return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];
  } catch {
    return undefined;
  }
}
