// POST /api/v1/templates/preview: a template (saved or inline) rendered for one contact, and for SMS the
// encoding, characters and segments sms/send would count (the same code), so what a broadcast costs is seen first.
// With shorten_links the links are replaced as a send replaces them, by ids of the same length that lead nowhere.
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import type { AccountScope } from "../keys/resolve-api-key";
import { countSegments } from "../../lib/sms-segments";
import { renderTemplate, type TemplateContact } from "./render-template";
import { checkTemplateContent, type TemplateContent } from "./template-content";
import type { PreviewTemplateInput } from "./schemas";
import { shortenBody } from "../sms/short-links/shorten-body";
import { shortUrlBase } from "../../config/public-url";

export const SAMPLE_CONTACT: TemplateContact = {
  phone: "+233241234567",
  email: "ama.mensah@example.com",
  firstName: "Ama",
  lastName: "Mensah",
  attributes: { city: "Accra" },
};

export async function previewTemplate(input: PreviewTemplateInput, caller: AccountScope) {
  const { channel, content } = await contentOf(input, caller);
  const contact = input.contact_id ? await contactOf(input.contact_id, caller) : SAMPLE_CONTACT;
  if (channel === "sms") {
    const rendered = renderTemplate({ text: content.body!, contact });
    const body = content.shortenLinks ? shortenBody(rendered, { base: shortUrlBase() }).body : rendered;
    const counts = countSegments(body);
    return { channel, body, encoding: counts.encoding, characters: counts.characters, segments: counts.segments };
  }
  return {
    channel,
    subject: renderTemplate({ text: content.subject!, contact }),
    html: content.html === undefined ? null : renderTemplate({ text: content.html, contact, options: { html: true } }),
    text: content.text === undefined ? null : renderTemplate({ text: content.text, contact }),
  };
}

async function contentOf(
  input: PreviewTemplateInput,
  caller: AccountScope,
): Promise<{ channel: "sms" | "email"; content: TemplateContent }> {
  if (input.template_id) {
    const t = await db().template.findFirst({
      where: { id: input.template_id, accountId: caller.accountId, mode: caller.mode },
    });
    if (!t) throw new AppError("NOT_FOUND", { message: `No template ${input.template_id} on this account` });
    return {
      channel: t.channel,
      content: {
        body: t.body ?? undefined,
        subject: t.subject ?? undefined,
        html: t.html ?? undefined,
        text: t.text ?? undefined,
        // The preview may try it either way before the template is changed.
        shortenLinks: input.shorten_links ?? t.shortenLinks,
      },
    };
  }
  if (!input.channel)
    throw new AppError("MISSING_FIELD", {
      message: "Missing required field: template_id (or channel and the content)",
      context: { field: "template_id" },
    });
  return { channel: input.channel, content: checkTemplateContent(input.channel, input) };
}

async function contactOf(id: string, caller: AccountScope): Promise<TemplateContact> {
  const c = await db().contact.findFirst({ where: { id, accountId: caller.accountId, mode: caller.mode } });
  if (!c) throw new AppError("NOT_FOUND", { message: `No contact ${id} on this account` });
  return { ...c, attributes: c.attributes as Record<string, string> };
}
