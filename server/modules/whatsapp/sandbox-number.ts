// Kasa's WhatsApp sandbox (issue #42, point 1): the number test keys send from, with no Meta account. One per account,
// made on first use with Kasa's own approved templates (one of each category, and one pending to show the refusal).
// Its "Meta" is Kasa itself: sends are accepted at once and their statuses are simulated (sandbox-statuses.ts).
import type { Prisma, WhatsappNumber } from "../../db/generated/client";
import { db } from "../../db/client";
import { newId } from "../../lib/ids";
import { templateVariableCount } from "./template-variables";

/** Shown as the sandbox's number: a number of the range reserved for fiction, so it reaches no one. */
export const SANDBOX_DISPLAY_NUMBER = "+1 555 0100 7200";

export const SANDBOX_TEMPLATES = [
  {
    metaId: "sandbox-verification",
    name: "kasa_verification",
    category: "authentication",
    status: "APPROVED",
    body: "*{{1}}* is your verification code. For your security, do not share this code.",
    button: {
      type: "URL",
      text: "Copy code",
      url: "https://www.whatsapp.com/otp/code/?otp_type=COPY_CODE&code=otp{{1}}",
    },
  },
  {
    metaId: "sandbox-order-update",
    name: "kasa_order_update",
    category: "utility",
    status: "APPROVED",
    body: "Hi {{1}}, your order {{2}} is on its way.",
  },
  {
    metaId: "sandbox-welcome",
    name: "kasa_welcome",
    category: "marketing",
    status: "APPROVED",
    body: "Welcome to {{1}}! Reply STOP to stop these messages.",
  },
  {
    metaId: "sandbox-pending",
    name: "kasa_pending_example",
    category: "marketing",
    status: "PENDING",
    body: "This template waits for Meta's review, so it cannot be sent yet.",
  },
] as const;

/** The account's sandbox number, made (with its templates) the first time it is asked for. */
export async function sandboxNumber(accountId: string): Promise<WhatsappNumber> {
  const found = await db().whatsappNumber.findFirst({ where: { accountId, sandbox: true } });
  if (found) return found;
  const id = newId("wan");
  try {
    await db().$transaction([
      db().whatsappNumber.create({
        data: {
          id,
          accountId,
          sandbox: true,
          displayPhoneNumber: SANDBOX_DISPLAY_NUMBER,
          verifiedName: "Kasa Sandbox",
          qualityRating: "GREEN",
          templatesSyncedAt: new Date(),
        },
      }),
      db().whatsappTemplate.createMany({ data: SANDBOX_TEMPLATES.map((t) => templateRow(id, t)) }),
    ]);
  } catch (error) {
    // Made by a concurrent first use (one sandbox per account, a unique index): that one is the account's.
    if ((error as { code?: string }).code !== "P2002") throw error;
  }
  return db().whatsappNumber.findFirstOrThrow({ where: { accountId, sandbox: true } });
}

function templateRow(numberId: string, t: (typeof SANDBOX_TEMPLATES)[number]) {
  const components: Prisma.InputJsonArray = [
    { type: "BODY", text: t.body },
    ...("button" in t ? [{ type: "BUTTONS", buttons: [t.button] }] : []),
  ];
  return {
    numberId,
    metaId: t.metaId,
    name: t.name,
    language: "en",
    category: t.category,
    status: t.status,
    body: t.body,
    variables: templateVariableCount(t.body),
    components,
  };
}
