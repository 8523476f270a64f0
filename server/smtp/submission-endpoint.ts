// The SMTP submission service's pipeline (docs/decisions.md, "SMTP relay"): email/send's own definition (key, email:send scope, the
// plan's email limits, idempotency, the ledger, events, the request log), for a message a mail client submitted.
// It is not an HTTP route and not in the OpenAPI document: only the SMTP service hands it requests.
import { defineEndpoint } from "../http/endpoint";
import type { ApiRequest } from "../http/api-request";
import { EMAIL_SEND_MAX_BODY_BYTES, sendEmailInput, type SendEmailInput, emailResult } from "../modules/email/schemas";
import { prepareEmail, type EmailPlan } from "../modules/email/prepare-email";
import { sendEmail } from "../modules/email/send-email";
import { answerForEmail } from "../modules/email/answer-for-email";
import type { ApiCaller } from "../modules/keys/resolve-api-key";
import { AppError } from "../errors/app-error";
import { resolveApiKey } from "../modules/keys/resolve-api-key";
import { recordAnswer } from "../http/record-answer";
import { newRequestId } from "../lib/ids";

export const submissionEndpoint = defineEndpoint({
  method: "POST",
  path: "SMTP",
  summary: "A message submitted to the SMTP service",
  auth: "key",
  scope: "email:send",
  service: "email",
  input: { from: "body", schema: sendEmailInput, maxBytes: EMAIL_SEND_MAX_BODY_BYTES },
  idempotency: "email",
  docs: { response: emailResult },
  prepare: ({ input, caller }) => prepareSubmission(input, caller),
  execute: async ({ input, prepared, caller, limit, idempotency, deadline }) => {
    const data = await sendEmail({
      input,
      plan: prepared,
      caller,
      limit,
      idem: idempotency,
      handOff: deadline,
      options: { via: "smtp" },
    });
    return { data, transactionId: data.transaction_id };
  },
  recover: answerForEmail,
});

/**
 * The API's checks. A message whose recipients are all Cc or all Bcc (To: undisclosed-recipients:;) has no `to`,
 * which the API requires: it is checked with them standing in for `to`, then sent with no To at all.
 */
async function prepareSubmission(input: SendEmailInput, caller: ApiCaller): Promise<EmailPlan> {
  if ([input.to].flat().length) return prepareEmail(input, caller);
  const stand = [input.cc ?? []].flat().length ? "cc" : "bcc";
  const plan = await prepareEmail({ ...input, to: input[stand] ?? [], [stand]: undefined }, caller);
  return { ...plan, [stand]: plan.to, to: [] };
}

/** One submitted message through the pipeline, as a request with the session's key; its JSON answer and status. */
export async function submitMessage(
  key: string,
  input: SendEmailInput,
  reply: (answer: unknown, status: number) => string,
): Promise<{
  status: number;
  body: { success: boolean; data?: { email_id: string }; error?: { code: string; message: string } };
}> {
  const body = JSON.stringify(input);
  const request: ApiRequest = {
    method: "SMTP",
    url: new URL("http://smtp.kasa.internal/smtp"),
    headers: new Headers({ authorization: `Bearer ${key}`, "content-type": "application/json" }),
    readBody: async (maxBytes) => {
      if (Buffer.byteLength(body) > maxBytes)
        throw new AppError("PAYLOAD_TOO_LARGE", {
          message: `The message is larger than ${maxBytes} bytes as the API's JSON (attachments at most 20 MB)`,
          context: { limit_bytes: maxBytes },
        });
      return body;
    },
    bodyConsumed: () => true,
    annotateAnswer: (answer, status) => ({ ...(answer as object), smtp_reply: reply(answer, status) }),
  };
  const answer = await submissionEndpoint.handle(request);
  return { status: answer.status, body: JSON.parse(answer.text) as never };
}

/**
 * A message refused before it could be read (past the size): not through the pipeline, but still one request-log
 * line, with the reply the client saw.
 */
export async function logRefusedMessage(
  key: string,
  error: { code: string; message: string; status: number },
  reply: { responseCode: number; message: string },
) {
  const caller = await resolveApiKey(key).catch(() => null);
  if (!caller) return;
  recordAnswer({
    requestId: newRequestId(),
    method: "SMTP",
    path: "/smtp",
    route: submissionEndpoint.path,
    arrivedAt: new Date(),
    startedMs: performance.now(),
    caller,
    status: error.status,
    errorCode: error.code,
    transactionId: null,
    replayed: false,
    service: "email",
    bodies: {
      request: null,
      response: {
        success: false,
        error: { code: error.code, message: error.message },
        smtp_reply: `${reply.responseCode} ${reply.message}`,
      },
    },
  });
}
