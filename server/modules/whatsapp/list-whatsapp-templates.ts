// GET /api/v1/whatsapp/templates (issue #42, point 2): a connected number's templates as last read from Meta, read
// again first when asked (`refresh`) or never read. Only APPROVED ones can be sent.
import { AppError } from "../../errors/app-error";
import { db } from "../../db/client";
import { GraphError, GraphUnavailable } from "../../providers/whatsapp/graph-api";
import type { ListWhatsappTemplatesInput } from "./schemas";
import { syncWhatsappTemplates } from "./sync-whatsapp-templates";
import { whatsappTemplateView } from "./whatsapp-template-view";

export async function listWhatsappTemplates(
  input: ListWhatsappTemplatesInput,
  caller: { accountId: string; mode?: "test" | "live" },
) {
  const number = await db().whatsappNumber.findFirst({
    // A key sees its own mode's numbers: the sandbox is a test key's.
    where: {
      id: input.number_id,
      accountId: caller.accountId,
      ...(caller.mode ? { sandbox: caller.mode === "test" } : {}),
    },
    select: { id: true, templatesSyncedAt: true, sandbox: true },
  });
  if (!number) throw new AppError("NOT_FOUND", { message: `No WhatsApp number ${input.number_id} on this account` });
  // Read from Meta now, or as last read (the sync says when it wrote; no second read of the number for it).
  // The sandbox's templates are Kasa's own: there is no Meta to read again.
  const fromMeta = !number.sandbox && (input.refresh === "true" || !number.templatesSyncedAt);
  const syncedAt = fromMeta ? await syncFromMeta(number.id) : (number.templatesSyncedAt ?? new Date());
  const rows = await db().whatsappTemplate.findMany({
    where: { numberId: number.id, ...(input.status ? { status: input.status } : {}) },
    orderBy: [{ name: "asc" }, { language: "asc" }],
  });
  return { templates: rows.map(whatsappTemplateView), synced_at: syncedAt.toISOString() };
}

async function syncFromMeta(numberId: string): Promise<Date> {
  try {
    return (await syncWhatsappTemplates(numberId)).syncedAt;
  } catch (error) {
    if (error instanceof GraphUnavailable)
      throw new AppError("PROVIDER_ERROR", { message: "Meta's Graph API did not answer in time: try again" });
    if (error instanceof GraphError)
      throw new AppError("PROVIDER_ERROR", {
        message: `Meta refused to list the templates: ${error.message}`,
        context: { meta_code: error.code },
      });
    throw error;
  }
}
