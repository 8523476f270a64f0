// A template's content for its channel: SMS needs a body, email a subject and html or text; every part's
// variables must be ones a contact has. SMS may have its links shortened (each recipient's own short links).
import { AppError } from "../../errors/app-error";
import { checkTemplateText } from "./render-template";

export type TemplateContent = { body?: string; subject?: string; html?: string; text?: string; shortenLinks?: boolean };

export function checkTemplateContent(
  channel: "sms" | "email",
  content: TemplateContent & { shorten_links?: boolean },
): TemplateContent {
  // What is required depends on the channel given: the two disagree (`conflicts_with`), as the document says.
  const missing = (field: string) =>
    new AppError("MISSING_FIELD", {
      message: `Missing required field: ${field} (channel ${channel})`,
      context: { field, conflicts_with: "channel" },
    });
  if (channel === "sms") {
    if (!content.body) throw missing("body");
    checkTemplateText("body", content.body);
    return { body: content.body, shortenLinks: content.shorten_links === true };
  }
  if (!content.subject) throw missing("subject");
  if (!content.html && !content.text)
    throw new AppError("MISSING_CONTENT", {
      message: "Send html, text or both (channel email)",
      context: { conflicts_with: "channel" },
    });
  for (const field of ["subject", "html", "text"] as const)
    if (content[field] !== undefined) checkTemplateText(field, content[field]!);
  return { subject: content.subject, html: content.html, text: content.text };
}
