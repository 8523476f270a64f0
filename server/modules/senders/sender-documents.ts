// A sender ID application's supporting documents (docs/decisions.md, "Networks and lookup"): sent as base64 in the
// JSON body, checked by their first bytes (a file's name and its claimed type are the sender's word; its content is
// not), at most 5 MB each and 3 per application.
import { createHash } from "node:crypto";
import { AppError } from "../../errors/app-error";

export const MAX_DOCUMENTS = 3;
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

const KINDS: { type: "application/pdf" | "image/png" | "image/jpeg"; magic: number[] }[] = [
  { type: "application/pdf", magic: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: "image/png", magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: "image/jpeg", magic: [0xff, 0xd8, 0xff] },
];

export type SenderDocument = {
  filename: string;
  contentType: (typeof KINDS)[number]["type"];
  content: Buffer;
  sha256: string;
};

/** The document as stored, or INVALID_REQUEST naming it (`documents[i]`) and why. */
export function readSenderDocument(input: { filename: string; content_base64: string }, index: number): SenderDocument {
  const refuse = (reason: string, msg: string) =>
    new AppError("INVALID_REQUEST", {
      message: `documents[${index}] (${input.filename}): ${msg}`,
      context: {
        reason,
        field: `documents[${index}]`,
        errors: [{ type: reason, loc: ["body", "documents", index], msg }],
      },
    });
  // Node reads base64 leniently (what the document's pattern allows: line breaks, a missing pad); the bytes decide.
  const content = Buffer.from(input.content_base64, "base64");
  if (content.length > MAX_DOCUMENT_BYTES) throw refuse("document_too_large", "a document is at most 5 MB");
  const kind = KINDS.find((k) => k.magic.every((byte, i) => content[i] === byte));
  if (!kind) throw refuse("document_type", "a document must be a PDF, PNG or JPEG (its content says it is not)");

  return {
    // Only the name's last part, printable, for the download's Content-Disposition.
    filename:
      (input.filename.split(/[\\/]/).pop() ?? "document").replace(/[^\w .()-]/g, "_").slice(0, 100) || "document",
    contentType: kind.type,
    content,
    sha256: createHash("sha256").update(content).digest("hex"),
  };
}
