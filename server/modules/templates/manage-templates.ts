// /api/v1/templates: create (checked: the channel's content, known variables), list and delete.
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { newId } from "../../lib/ids";
import type { Template } from "../../db/generated/client";
import type { AccountScope } from "../keys/resolve-api-key";
import { checkTemplateContent } from "./template-content";
import type { CreateTemplateInput } from "./schemas";

export const MAX_TEMPLATES = 500;

export function templateView(t: Template) {
  return {
    id: t.id,
    name: t.name,
    channel: t.channel,
    body: t.body,
    subject: t.subject,
    html: t.html,
    text: t.text,
    created_at: t.createdAt.toISOString(),
  };
}

export function prepareTemplate(input: CreateTemplateInput) {
  return Promise.resolve(checkTemplateContent(input.channel, input));
}

export async function createTemplate({
  input,
  content,
  caller,
}: {
  input: CreateTemplateInput;
  content: ReturnType<typeof checkTemplateContent>;
  caller: AccountScope;
}) {
  const count = await db().template.count({ where: { accountId: caller.accountId, mode: caller.mode } });
  if (count >= MAX_TEMPLATES)
    throw new AppError("INVALID_REQUEST", {
      message: `An account has at most ${MAX_TEMPLATES} templates; delete one first`,
      context: { limit: MAX_TEMPLATES },
    });
  const template = await db().template.create({
    data: {
      id: newId("tpl"),
      accountId: caller.accountId,
      mode: caller.mode,
      name: input.name.trim(),
      channel: input.channel,
      ...content,
    },
  });
  return templateView(template);
}

export async function listTemplates(caller: AccountScope) {
  const templates = await db().template.findMany({
    where: { accountId: caller.accountId, mode: caller.mode },
    orderBy: { createdAt: "desc" },
    take: MAX_TEMPLATES,
  });
  return { templates: templates.map(templateView) };
}

export async function deleteTemplate(id: string, caller: AccountScope) {
  const { count } = await db().template.deleteMany({ where: { id, accountId: caller.accountId, mode: caller.mode } });
  if (!count) throw new AppError("NOT_FOUND", { message: `No template ${id} on this account` });
  return { id, deleted: true as const };
}
