// Kasa's own mail to people (verification, reset, invites, new-device notices)
// goes through the relay customers' live email uses (SMTP_URL), from
// KASA_SYSTEM_FROM. With no relay configured the message is written to the
// server log with its link, so a single machine still works: whoever runs it
// reads the link there. It never throws: a relay that is down must not fail a
// sign-up, and the person can ask for the mail again.
import { randomUUID } from "node:crypto";
import { emailTransportFor } from "../../providers/email";
import { logger } from "../../lib/logger";
import { publicUrl } from "../../config/public-url";
import { escapeHtml } from "../../lib/escape-html";
import { config } from "../../config/config";

export type SystemMail = {
  to: string;
  subject: string;
  /** The one action the mail offers; kept out of the log when a relay is configured. */
  link?: string;
  lines: string[];
};

export function systemFrom(): string {
  return config().KASA_SYSTEM_FROM ?? `Kasa <no-reply@${new URL(publicUrl()).hostname}>`;
}

/**
 * Whether the mail went to the relay: "no_relay" when the deployment has none (the link is in the server log), so a
 * page never says "sent" for a mail that was not. A relay that refused it still counts as handed over: the person
 * can ask again, and the server log says why.
 */
export type SystemMailOutcome = "mailed" | "no_relay";

export async function sendSystemMail(mail: SystemMail): Promise<SystemMailOutcome> {
  const transport = emailTransportFor("live");
  if (!transport) {
    // The documented fallback (README, "System mail"): the link is the point of the line.
    logger().info({ mailTo: mail.to, subject: mail.subject, link: mail.link }, "system mail (no SMTP_URL: not sent)");
    return "no_relay";
  }
  const text = [...mail.lines, ...(mail.link ? ["", mail.link] : []), "", "— Kasa"].join("\n");
  try {
    await transport.send({
      messageId: `<${randomUUID()}@${new URL(publicUrl()).hostname}>`,
      from: systemFrom(),
      to: [mail.to],
      cc: [],
      bcc: [],
      subject: mail.subject,
      text,
      html: systemMailHtml(mail),
      attachments: [],
      headers: { "Auto-Submitted": "auto-generated" },
    });
  } catch (error) {
    logger().warn({ mailTo: mail.to, subject: mail.subject, err: (error as Error).message }, "system mail failed");
  }
  return "mailed";
}

function systemMailHtml(mail: SystemMail): string {
  const paragraphs = mail.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("");
  const button = mail.link
    ? `<p><a href="${escapeHtml(mail.link)}" style="display:inline-block;padding:10px 16px;background:#111827;color:#fff;border-radius:6px;text-decoration:none">Open link</a></p><p style="color:#6b7280;font-size:12px">${escapeHtml(mail.link)}</p>`
    : "";
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111827">${paragraphs}${button}<p>— Kasa</p></body></html>`;
}
