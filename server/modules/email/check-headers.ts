import { AppError } from "../../errors/app-error";
import { HEADER_NAME, SINGLE_LINE } from "../../lib/string-formats";

// Headers the service writes itself: a caller may not set or override them.
export const RESERVED_HEADERS = [
  "from",
  "to",
  "cc",
  "bcc",
  "subject",
  "reply-to",
  "sender",
  "dkim-signature",
  "message-id",
  "date",
  "return-path",
  "mime-version",
  "content-type",
  "content-transfer-encoding",
];
const RESERVED = new Set(RESERVED_HEADERS);

/** Custom headers (SPEC 4.1) are allowed only as plain, single-line, non-reserved fields. */
export function checkCustomHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  const errors: { type: string; loc: string[]; msg: string }[] = [];
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!HEADER_NAME.test(name))
      errors.push({
        type: "invalid_header_name",
        loc: ["body", "headers", name],
        msg: `"${name}" is not a valid header name`,
      });
    else if (RESERVED.has(name.toLowerCase()))
      errors.push({
        type: "reserved_header",
        loc: ["body", "headers", name],
        msg: `${name} is set by the service and cannot be overridden`,
      });
    else if (!SINGLE_LINE.test(value))
      errors.push({
        type: "header_injection",
        loc: ["body", "headers", name],
        msg: `${name} must be a single line (no CR or LF)`,
      });
  }
  if (errors.length) throw new AppError("INVALID_REQUEST", { message: errors[0]!.msg, context: { errors } });
  return headers ?? {};
}
