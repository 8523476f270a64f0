// A number's templates read from Meta (issue #42, point 2): every page of its WhatsApp Business Account's list,
// written over what was kept in one transaction (templates Meta no longer lists go), and for each kept template whose
// status changed, the event whatsapp.template_updated (its old and new status), in the same transaction.
import type { Prisma } from "../../db/generated/client";
import { db } from "../../db/client";
import { newId } from "../../lib/ids";
import { metaCredentials } from "./meta-credentials";
import { templateVariableCount } from "./template-variables";
import { logger } from "../../lib/logger";
import {
  GraphError,
  GraphUnavailable,
  listTemplatesPage,
  type GraphTemplate,
} from "../../providers/whatsapp/graph-api";
import { whatsappTemplateView } from "./whatsapp-template-view";

/** A WABA with more than this many pages of 100 is not a customer's: what was read so far is kept. */
const MAX_PAGES = 50;

export async function syncWhatsappTemplates(numberId: string): Promise<{ changed: number; syncedAt: Date }> {
  const number = await db().whatsappNumber.findUniqueOrThrow({ where: { id: numberId } });
  const { wabaId, accessToken: token } = metaCredentials(number);
  const listed: GraphTemplate[] = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const { data, paging } = await listTemplatesPage(wabaId, token, after);
    listed.push(...data);
    after = paging?.next ? paging.cursors?.after : undefined;
    if (!after) break;
  }
  return db().$transaction(async (tx) => {
    const kept = new Map(
      (await tx.whatsappTemplate.findMany({ where: { numberId } })).map((t) => [t.metaId, t.status] as const),
    );
    await tx.whatsappTemplate.deleteMany({ where: { numberId } });
    const rows = listed.map((t) => templateRow(numberId, t));
    if (rows.length) await tx.whatsappTemplate.createMany({ data: rows, skipDuplicates: true });
    const changed = rows.filter((r) => kept.has(r.metaId) && kept.get(r.metaId) !== r.status);
    if (changed.length)
      await tx.event.createMany({
        data: changed.map((r) => ({
          accountId: number.accountId,
          transactionId: newId("wtu"),
          event: "whatsapp.template_updated",
          livemode: true,
          data: {
            number_id: numberId,
            previous_status: kept.get(r.metaId)!,
            ...whatsappTemplateView({ ...r, syncedAt: new Date() }),
          } as Prisma.InputJsonObject,
        })),
      });
    const syncedAt = new Date();
    await tx.whatsappNumber.update({ where: { id: numberId }, data: { templatesSyncedAt: syncedAt } });
    return { changed: changed.length, syncedAt };
  });
}

function templateRow(numberId: string, t: GraphTemplate) {
  const body = t.components?.find((c) => c.type === "BODY")?.text ?? null;
  return {
    numberId,
    metaId: String(t.id),
    name: t.name,
    language: t.language,
    category: t.category.toLowerCase(),
    status: t.status,
    body,
    // {{1}}, {{2}}... or named {{first_name}}: each distinct one is a variable the send must fill.
    variables: templateVariableCount(body),
    components: (t.components ?? []) as Prisma.InputJsonArray,
  };
}

/**
 * The worker's pass (every 15 minutes): each connected number's templates read again, one number at a time. A number
 * Meta refuses or does not answer is logged and left as it was; the next pass tries again.
 */
export async function syncAllWhatsappTemplates(): Promise<number> {
  // The sandbox's templates are Kasa's own: there is no Meta to read them from.
  const numbers = await db().whatsappNumber.findMany({
    where: { sandbox: false },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  let changed = 0;
  for (const { id } of numbers) {
    try {
      changed += (await syncWhatsappTemplates(id)).changed;
    } catch (error) {
      if (!(error instanceof GraphError || error instanceof GraphUnavailable)) throw error;
      logger().warn({ numberId: id, err: error.message }, "whatsapp: templates not read from Meta");
    }
  }
  return changed;
}
