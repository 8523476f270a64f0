// The sandbox's Meta (issue #42, point 1): what the Graph API would answer a test key's send, and the statuses Meta
// would post after it, written as payloads of Meta's own shape with the moment they may be applied, so they take the
// very path real receipts take (apply-whatsapp-payload.ts). The SMS sandbox's magic numbers mean the same here.
import { randomToken } from "../../lib/ids";
import { db } from "../../db/client";
import { SANDBOX_NUMBERS } from "../../providers/sms";
import { GraphError, GraphUnavailable } from "../../providers/whatsapp/graph-api";
import type { WhatsappPlan } from "./prepare-whatsapp";
import { metaMessagesPost } from "./meta-payload";

/** After a sandbox send: delivered this long after, then read as long again. */
export const SANDBOX_STATUS_DELAY_MS = 1_000;

const UNDELIVERABLE = {
  code: 131026,
  title: "Message undeliverable",
  details: "Unable to deliver message: the number may not be on WhatsApp (simulated by the sandbox)",
};

/** Meta's answer to a sandbox send: its wamid, or Meta's refusal; its later statuses are queued. */
export async function sandboxSend(plan: WhatsappPlan, transactionId: string): Promise<{ wamid: string }> {
  const wamid = `wamid.SANDBOX${randomToken(24)}`;
  const status = (name: string, afterMs: number, extra: object = {}) =>
    queueStatus(
      plan,
      { id: wamid, status: name, recipient_id: plan.to.slice(1), biz_opaque_callback_data: transactionId, ...extra },
      afterMs,
    );
  switch (plan.to) {
    case SANDBOX_NUMBERS.rejected:
      throw new GraphError(
        400,
        UNDELIVERABLE.code,
        `(#${UNDELIVERABLE.code}) ${UNDELIVERABLE.title}`,
        UNDELIVERABLE.details,
        null,
      );
    case SANDBOX_NUMBERS.carrierDown:
      throw new GraphError(500, 131000, "(#131000) Something went wrong (simulated)", null, null);
    case SANDBOX_NUMBERS.timeout:
      // Meta took it but its answer was lost: the statuses it posts settle the message.
      await status("delivered", SANDBOX_STATUS_DELAY_MS);
      throw new GraphUnavailable("Meta's Graph API did not answer in time (simulated)");
    case SANDBOX_NUMBERS.undelivered:
      await status("failed", SANDBOX_STATUS_DELAY_MS, {
        errors: [
          {
            code: UNDELIVERABLE.code,
            title: UNDELIVERABLE.title,
            message: UNDELIVERABLE.title,
            error_data: { details: UNDELIVERABLE.details },
          },
        ],
      });
      return { wamid };
  }
  await status("delivered", SANDBOX_STATUS_DELAY_MS);
  await status("read", 2 * SANDBOX_STATUS_DELAY_MS);
  return { wamid };
}

async function queueStatus(plan: WhatsappPlan, status: Record<string, unknown>, afterMs: number): Promise<void> {
  const at = new Date(Date.now() + afterMs);
  await db().whatsappWebhookPayload.create({
    data: {
      numberId: plan.number.id,
      applyAfter: at,
      body: metaMessagesPost(plan.number, {
        statuses: [{ ...status, timestamp: String(Math.floor(at.getTime() / 1000)) }],
      }),
    },
  });
}
