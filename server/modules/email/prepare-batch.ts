// POST /api/v1/email/batch, the checks (SPEC 4.2): the whole array is checked
// before anything is sent, and one bad item rejects the request.
import { AppError } from "../../errors/app-error";
import type { ApiCaller } from "../keys/resolve-api-key";
import { emailTransportFor, type EmailTransport } from "../../providers/email";
import type { SenderDomain } from "../../db/generated/client";
import { parseMailboxes, type Mailbox } from "./addresses";
import { resolveSender } from "./resolve-sender";
import { MAX_RECIPIENTS } from "./schemas";
import { batchItemSchema, MAX_BATCH, type BatchItem } from "./batch-schemas";
import { EMAIL_PRICE_PER_RECIPIENT_MICROS } from "./pricing";

export type BatchPlanItem = {
  index: number;
  input: BatchItem;
  from: Mailbox;
  domain: SenderDomain;
  to: Mailbox[];
  replyTo?: Mailbox;
  priceMicros: bigint;
};
export type BatchPlan = { items: BatchPlanItem[]; priceMicros: bigint; transport: EmailTransport };

export async function prepareBatch(emails: unknown, caller: ApiCaller): Promise<BatchPlan> {
  if (!Array.isArray(emails) || emails.length === 0)
    throw new AppError("INVALID_INPUT", { message: "emails must be a non-empty array of messages" });
  if (emails.length > MAX_BATCH)
    throw new AppError("BATCH_LIMIT_EXCEEDED", {
      message: `${emails.length} emails in one batch; the limit is ${MAX_BATCH}`,
      context: { limit: MAX_BATCH, count: emails.length },
    });

  const items: BatchPlanItem[] = [];
  for (const [index, raw] of emails.entries()) {
    const item = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
    for (const field of ["to", "subject"]) {
      if (item[field] === undefined || item[field] === null || item[field] === "") {
        throw new AppError("MISSING_FIELD", {
          message: `Missing required field: emails[${index}].${field}`,
          context: { field, index },
        });
      }
    }
    const parsed = batchItemSchema.safeParse(item);
    if (!parsed.success) {
      const errors = parsed.error.issues.map((i) => ({
        type: i.code,
        loc: ["body", "emails", String(index), ...i.path.map(String)],
        msg: i.message,
      }));
      throw new AppError("INVALID_REQUEST", {
        message: `emails[${index}]: ${errors[0]!.loc.slice(3).join(".")}: ${errors[0]!.msg}`,
        context: { errors, index },
      });
    }
    const input = parsed.data;
    if (!input.html && !input.text)
      throw new AppError("MISSING_CONTENT", {
        message: `emails[${index}] has neither html nor text`,
        context: { index },
      });
    const to = withIndex(index, () => parseMailboxes("to", input.to));
    if (to.length === 0)
      throw new AppError("NO_RECIPIENTS", {
        message: `emails[${index}].to resolves to no address`,
        context: { index },
      });
    if (to.length > MAX_RECIPIENTS)
      throw new AppError("TOO_MANY_RECIPIENTS", {
        message: `emails[${index}] has ${to.length} recipients; the limit is ${MAX_RECIPIENTS}`,
        context: { index, limit: MAX_RECIPIENTS, recipients: to.length },
      });
    const replyTo =
      input.replyTo === undefined ? undefined : withIndex(index, () => parseMailboxes("replyTo", input.replyTo))[0];
    const { mailbox: from, domain } = await withIndexAsync(index, () => resolveSender(caller.accountId, input.from));
    items.push({
      index,
      input,
      from,
      domain,
      to,
      replyTo,
      priceMicros: EMAIL_PRICE_PER_RECIPIENT_MICROS * BigInt(to.length),
    });
  }
  const transport = emailTransportFor(caller.mode);
  if (!transport)
    throw new AppError("SERVICE_UNAVAILABLE", {
      message: "Live email is not configured on this deployment; nothing was charged",
      context: { service: "email" },
    });
  return { items, priceMicros: items.reduce((sum, i) => sum + i.priceMicros, 0n), transport };
}

/** An item's error says which item it was. */
function withIndex<T>(index: number, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    throw tagIndex(error, index);
  }
}
async function withIndexAsync<T>(index: number, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw tagIndex(error, index);
  }
}
function tagIndex(error: unknown, index: number) {
  if (!(error instanceof AppError)) return error;
  return new AppError(error.code, {
    message: `emails[${index}]: ${error.message}`,
    status: error.status,
    context: { ...error.context, index },
  });
}
