// /api/v1/templates: create and edit (checked: the channel's content, known variables), list and delete. An edit is a
// new version of the same template; broadcasts made from an earlier one keep the content they copied.
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { newId } from "../../lib/ids";
import type { Template } from "../../db/generated/client";
import type { AccountScope } from "../keys/resolve-api-key";
import { checkTemplateContent } from "./template-content";
import type { CreateTemplateInput, UpdateTemplateInput } from "./schemas";

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
    shorten_links: t.shortenLinks,
    version: t.version,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
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

/**
 * PUT /api/v1/templates: the template's name and content replaced, as its next version. Its channel stays (a
 * broadcast picks templates by channel). Broadcasts made from it keep what they copied.
 */
export async function updateTemplate({
  input,
  content,
  caller,
}: {
  input: UpdateTemplateInput;
  content: ReturnType<typeof checkTemplateContent>;
  caller: AccountScope;
}) {
  const current = await db().template.findFirst({
    where: { id: input.id, accountId: caller.accountId, mode: caller.mode },
    select: { channel: true },
  });
  if (!current) throw new AppError("NOT_FOUND", { message: `No template ${input.id} on this account` });
  if (current.channel !== input.channel)
    throw new AppError("INVALID_REQUEST", {
      message: `Template ${input.id} is for ${current.channel}: a template keeps its channel; make a new one for ${input.channel}`,
      context: { field: "channel", reason: "channel_fixed" },
    });
  const [template] = await db().template.updateManyAndReturn({
    where: { id: input.id, accountId: caller.accountId, mode: caller.mode },
    data: {
      name: input.name.trim(),
      body: content.body ?? null,
      subject: content.subject ?? null,
      html: content.html ?? null,
      text: content.text ?? null,
      // A whole replacement: left out, the new version does not shorten links.
      shortenLinks: content.shortenLinks === true,
      version: { increment: 1 },
      updatedAt: new Date(),
    },
  });
  // Deleted between the two statements: as if it had never been there.
  if (!template) throw new AppError("NOT_FOUND", { message: `No template ${input.id} on this account` });
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
