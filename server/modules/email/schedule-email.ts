// POST /api/v1/email/send with scheduled_at ahead (docs/decisions.md, "Tracking and scheduling"): the
// message is recorded as scheduled with its content, its money reserved and
// email.scheduled raised, all in one statement; the worker sends it at its time
// (send-due-scheduled-emails.ts) unless it is cancelled first.
import type { EmailMessage } from "../../db/generated/client";
import { insufficientBalance } from "../billing/insufficient-balance";
import type { IdempotencyScope } from "../idempotency/idempotency-key";
import { insertPendingEmail, recordSuppressed } from "./email-store";
import type { EmailPlan } from "./prepare-email";
import { emailChargeReason } from "./pricing";
import type { SendEmailInput } from "./schemas";

export async function scheduleEmail({
  email,
  input,
  plan,
  idem,
}: {
  email: EmailMessage;
  input: SendEmailInput;
  plan: EmailPlan & { sendAt: Date };
  idem?: IdempotencyScope;
}): Promise<void> {
  Object.assign(email, { status: "scheduled", scheduledAt: plan.sendAt });
  const content = {
    html: input.html ?? null,
    text: input.text ?? null,
    headers: plan.headers,
    attachments: plan.attachments.map((a) => ({ filename: a.filename, content: a.content.toString("base64") })),
  };
  if (!(await insertPendingEmail({ email, reason: emailChargeReason(email.recipients), idem, content })))
    throw await insufficientBalance(email.accountId, plan.priceMicros);
  if (plan.suppressed.length) await recordSuppressed(email, plan.suppressed);
}
