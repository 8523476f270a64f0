import { AppError } from "../../errors/app-error";
import { BASE64 } from "../../lib/string-formats";
import { MAX_ATTACHMENT_BYTES } from "./schemas";

/** Base64 attachments, decoded; the 20 MB cap counts decoded bytes, all attachments together. */
export function decodeAttachments(
  attachments: { filename: string; content: string }[] | undefined,
): { filename: string; content: Buffer }[] {
  let total = 0;
  return (attachments ?? []).map((attachment, index) => {
    if (!BASE64.test(attachment.content)) {
      throw new AppError("INVALID_REQUEST", {
        message: `attachments[${index}].content is not base64`,
        context: {
          errors: [{ type: "base64", loc: ["body", "attachments", String(index), "content"], msg: "Expected base64" }],
        },
      });
    }
    const content = Buffer.from(attachment.content, "base64");
    total += content.byteLength;
    if (total > MAX_ATTACHMENT_BYTES) {
      throw new AppError("INVALID_REQUEST", {
        message: "Attachments are larger than 20 MB in total",
        context: {
          errors: [{ type: "too_large", loc: ["body", "attachments"], msg: "At most 20 MB in total" }],
          limit_bytes: MAX_ATTACHMENT_BYTES,
        },
      });
    }
    return { filename: attachment.filename, content };
  });
}
