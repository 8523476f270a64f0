// Reads an inbound message as it streams in, keeping only what Kasa uses: the
// headers, the text and HTML bodies, and a bounce or complaint report. Other
// attachments are read and dropped, so a 25 MB attachment costs no memory
// (mailparser's simpleParser would hold every attachment whole).
import type { Readable } from "node:stream";
import { MailParser, type AddressObject } from "mailparser";

export type InboundMail = {
  subject: string;
  from: string;
  to: string[];
  messageId: string | null;
  text: string | null;
  html: string | null;
  /** The message/delivery-status or message/feedback-report part, if the message has one. */
  report: string | null;
};

/** A report is a few hundred bytes; anything past this is not one worth reading. */
const MAX_REPORT_BYTES = 256 * 1024;
const REPORT_TYPES = new Set(["message/delivery-status", "message/feedback-report"]);

export function readInboundMail(source: Readable): Promise<InboundMail> {
  return new Promise((resolve, reject) => {
    const parser = new MailParser();
    const mail: InboundMail = { subject: "", from: "", to: [], messageId: null, text: null, html: null, report: null };
    parser.on("headers", (headers) => {
      mail.subject = String(headers.get("subject") ?? "");
      mail.from = addresses(headers.get("from"))[0] ?? "";
      mail.to = addresses(headers.get("to"));
      mail.messageId = (headers.get("message-id") as string | undefined) ?? null;
    });
    parser.on("data", (data) => {
      if (data.type === "text") {
        mail.text = data.text ?? null;
        mail.html = typeof data.html === "string" ? data.html : null;
        return;
      }
      const keep = REPORT_TYPES.has(data.contentType) && mail.report === null;
      const chunks: Buffer[] = [];
      let size = 0;
      data.content.on("data", (chunk: Buffer) => {
        if (keep && size < MAX_REPORT_BYTES) chunks.push(chunk);
        size += chunk.length;
      });
      data.content.on("end", () => {
        if (keep) mail.report = Buffer.concat(chunks).subarray(0, MAX_REPORT_BYTES).toString("utf8");
        data.release();
      });
    });
    parser.on("end", () => resolve(mail));
    parser.on("error", reject);
    source.on("error", reject);
    source.pipe(parser);
  });
}

function addresses(value: unknown): string[] {
  const list = (Array.isArray(value) ? value : value ? [value] : []) as AddressObject[];
  return list.flatMap((a) => a.value.map((v) => v.address ?? "")).filter(Boolean);
}
