// POST /api/v1/email/batch, the checks (SPEC 4.2): the whole array is checked
// before anything is sent, and one bad item rejects the request.
import { AppError } from "../../errors/app-error";
import type { ApiCaller } from "../keys/resolve-api-key";
import type { EmailTransport } from "../../providers/email";
import { requireEmailTransport } from "./prepare-email";
import type { SenderDomain } from "../../db/generated/client";
import { parseMailboxes, type Mailbox } from "./addresses";
import { resolveSender } from "./resolve-sender";
import { MAX_RECIPIENTS } from "./schemas";
import type { BatchItem } from "./batch-schemas";
import { EMAIL_PRICE_PER_RECIPIENT_MICROS } from "./pricing";
import { suppressedAmong } from "./suppressions";

export type BatchPlanItem = {
  index: number;
  input: BatchItem;
  from: Mailbox;
  domain: SenderDomain;
  /** The recipients to send to: those on the suppression list are left out and not charged. */
  to: Mailbox[];
  suppressed: string[];
  replyTo?: Mailbox;
  priceMicros: bigint;
};
export type BatchPlan = { items: BatchPlanItem[]; priceMicros: bigint; transport: EmailTransport };

/** The items passed sendBatchInput (SPEC's shape codes); these are the checks a schema cannot say. */
export async function prepareBatch(emails: BatchItem[], caller: ApiCaller): Promise<BatchPlan> {
  const items: BatchPlanItem[] = [];
  for (const [index, input] of emails.entries()) {
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
    const { mailbox: from, domain } = await withIndexAsync(index, () =>
      resolveSender({ accountId: caller.accountId, mode: caller.mode, from: input.from }),
    );
    items.push({ index, input, from, domain, to, suppressed: [], replyTo, priceMicros: 0n });
  }
  const transport = requireEmailTransport(caller.mode);
  // One look at the suppression list for the whole batch (at most 100 x 50 addresses).
  const blocked = await suppressedAmong({
    accountId: caller.accountId,
    addresses: items.flatMap((i) => i.to.map((m) => m.address)),
    mode: caller.mode,
  });
  for (const item of items) {
    item.suppressed = item.to.filter((m) => blocked.has(m.address)).map((m) => m.address);
    item.to = item.to.filter((m) => !blocked.has(m.address));
    item.priceMicros = EMAIL_PRICE_PER_RECIPIENT_MICROS * BigInt(item.to.length);
  }
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
