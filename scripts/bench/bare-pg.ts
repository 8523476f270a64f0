// Benchmark baseline (b): a bare Node http server doing the database and
// carrier work of one live POST /api/v1/sms/send and nothing else, so that
// Kasa's row over this one measures only what the framework and the /api/v1
// pipeline cost. The work is Kasa's own, imported from its modules so it
// cannot drift: the same statements (same SQL text, prepared, each its own
// transaction as in Kasa, in Kasa's order) on the same pool (server/db/client's
// sql(): same size and timeouts), the same caches in front of the reads Kasa
// caches, the carrier call through Kasa's Twilio adapter (its keep-alive
// agent, its request shape) and the request-log line through Kasa's batched
// writer. Per request:
//   1. the key, looked up by its hash: resolveApiKey (Prisma-built lookup, cached 5 s per key as in Kasa)
//   2. the plan's limits (cached 60 s) and the rate-limit count: consumeStatement
//   3. (idempotency: none, the request carries no idempotency_key, so Kasa skips it too)
//   4. the coverage Kasa's prepare reads (cached 30 s)
//   5. reserve + the pending message, one statement: pendingSmsStatement
//   6. the carrier: tryCarriers over the route's carriers, Kasa's Twilio adapter to the fake carrier
//   7. sent + capture + sms.sent (+ sms_parts for a long message), one statement: smsSentStatement
//   8. the request-log line (and its redacted bodies, and the day's usage), batched: recordRequest
// What it skips, being the framework and the pipeline: routing, admission and
// the per-account share, the deadline, body limits and zod validation, the
// message's checks (phone number, segments, sender, content rules: done once
// per distinct body with Kasa's prepareSms, then reused), error rendering, the
// envelope's headers, metrics of the answer and the log line for the operator.
// It answers the happy path only: anything else is a bare 4xx/5xx.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { sql } from "../../server/db/client";
import { publicUrl } from "../../server/config/public-url";
import { newRequestId } from "../../server/lib/ids";
import { resolveApiKey, type ApiCaller } from "../../server/modules/keys/resolve-api-key";
import { planLimits } from "../../server/modules/limits/plan-limits";
import { consumeStatement } from "../../server/modules/limits/consume-rate-limit";
import { coverage } from "../../server/modules/coverage/coverage-cache";
import { sendSmsInput, type SendSmsInput } from "../../server/modules/sms/schemas";
import { acceptedSms, newPendingSms, outboundSms, prepareSms, type SmsPlan } from "../../server/modules/sms/send-sms";
import { pendingSmsStatement, smsSentStatement } from "../../server/modules/sms/sms-store";
import { tryCarriers } from "../../server/modules/sms/try-carriers";
import { smsView } from "../../server/modules/sms/sms-view";
import { flushRequestLog, recordRequest } from "../../server/modules/requestlog/request-log-buffer";
import { redactBody } from "../../server/modules/requestlog/redact-body";

const PATH = "/api/v1/sms/send";
const statusCallbackBase = publicUrl();

type Prepared = { input: SendSmsInput; plan: SmsPlan; loggedRequest: unknown };
// The message's checks are not database work: once per account and distinct body, with Kasa's own prepareSms.
const prepared = new Map<string, Promise<Prepared>>();

function prepare(caller: ApiCaller, text: string): Promise<Prepared> {
  const key = `${caller.accountId}\u0000${caller.mode}\u0000${text}`;
  let found = prepared.get(key);
  if (!found) {
    found = (async () => {
      const raw = JSON.parse(text) as unknown;
      const input = sendSmsInput.parse(raw);
      if (input.idempotency_key !== undefined) throw new Error("the baseline runs sends without an idempotency_key");
      return { input, plan: await prepareSms(input, caller), loggedRequest: redactBody(raw) };
    })();
    found.catch(() => prepared.delete(key));
    prepared.set(key, found);
  }
  return found;
}

async function send(req: IncomingMessage, text: string, startedMs: number, arrivedAt: Date) {
  const requestId = newRequestId();
  const key = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "")?.[1];
  const caller = key ? await resolveApiKey(key) : null;
  if (!caller || caller.mode !== "live") return { status: 401, body: { success: false } };

  const limits = await planLimits(caller.planId, "sms");
  const counted = await sql().query(
    consumeStatement({ accountId: caller.accountId, service: "sms", at: null }, limits),
  );
  if (!counted.rows[0]) return { status: 429, body: { success: false } };

  await coverage();
  const { input, plan, loggedRequest } = await prepare(caller, text);
  const { sms, reason } = newPendingSms({ input, plan, caller });
  const reserved = await sql().query(pendingSmsStatement({ sms, reason }));
  if (reserved.rows[0]?.written !== true) return { status: 402, body: { success: false } };

  const { accepted, attempts } = await tryCarriers({
    carriers: plan.carriers,
    message: (carrier) => outboundSms({ sms, plan, message: input.message, carrier, statusCallbackBase }),
    mode: caller.mode,
  });
  sms.carrierAttempts = attempts;
  if (!accepted) return { status: 503, body: { success: false } };
  const partIds = acceptedSms(sms, accepted);
  await sql().query(smsSentStatement({ sms, reason, partIds }));

  const body = {
    success: true,
    data: smsView({ sms, countryName: plan.route.country.name, dialingCode: plan.route.country.dialingCode }),
  };
  recordRequest({
    createdAt: arrivedAt,
    requestId,
    accountId: caller.accountId,
    apiKeyId: caller.keyId,
    keyPrefix: caller.keyPrefix,
    mode: caller.mode,
    method: "POST",
    path: PATH,
    status: 200,
    errorCode: null,
    latencyMs: Math.round(performance.now() - startedMs),
    transactionId: sms.id,
    idempotentReplay: false,
    service: "sms",
    bodies: { request: loggedRequest, response: redactBody(body) },
  });
  return { status: 200, body };
}

function answer(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

createServer((req, res) => {
  const startedMs = performance.now();
  const arrivedAt = new Date();
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    if (req.method !== "POST" || req.url !== PATH) return answer(res, 404, { success: false });
    send(req, Buffer.concat(chunks).toString("utf8"), startedMs, arrivedAt).then(
      (result) => answer(res, result.status, result.body),
      (error: Error) => answer(res, 500, { success: false, error: error.message }),
    );
  });
}).listen(Number(process.env.PORT), "127.0.0.1", () => console.log("ready"));

// As Kasa does on shutdown: the request-log lines still waiting are written.
process.once("SIGTERM", () => void flushRequestLog().finally(() => process.exit(0)));
