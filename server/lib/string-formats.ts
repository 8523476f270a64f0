// The string formats the API checks, stated once (docs/decisions.md, "The document and its tests"): the check that
// runs and the pattern the OpenAPI document states come from one constant, so
// a generated client and the reference say exactly what is refused. Each is
// written without look-aheads, so that any client's regex engine reads it.
import { z } from "zod";

/** E.164: "+", a country code and at most 15 digits. Whether the number exists is for libphonenumber. */
export const E164 = z.regexes.e164;

/** E.164 as the document states it: zod's format name with its pattern (existence in the plan is libphonenumber's). */
export const E164_DOCUMENTED = { format: "e164", pattern: E164.source } as const;

/** An address as the API accepts it: zod's practical rule (letters, digits, _ ' + - and inner dots; a real TLD). */
export const EMAIL_ADDRESS = z.regexes.email;

const address = EMAIL_ADDRESS.source.replace(/^\^|\$$/g, "");
/**
 * A mailbox field: "addr" or "Name <addr>". The API parses more (quoted names,
 * comments); this is the shape it promises to take.
 */
export const MAILBOX_PATTERN = `^\\s*(?:${address}|[A-Za-z0-9 ._'-]*<${address}>)\\s*$`;

/** An RFC 5322 header field name: printable ASCII without ":" or space, up to 76 characters. */
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,76}$/;

/** A value on one line: no CR or LF (header injection). */
export const SINGLE_LINE = /^[^\r\n]*$/;

/** Base64 as attachments take it: line breaks allowed (MIME wraps at 76), padding at the end. */
export const BASE64 = /^[A-Za-z0-9+/\r\n]*={0,2}\s*$/;

/**
 * An https:// URL on a host name (letters, digits, inner single hyphens; a last
 * label that starts with a letter, which is what WHATWG URL parsing takes as a
 * name and not as an IPv4 number), an optional port, then anything printable.
 * Webhook urls are checked further (no credentials, a public address).
 */
export const HTTPS_URL_PATTERN =
  "^\\s*[hH][tT][tT][pP][sS]://(?:[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*\\.)*[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*(?::(?:6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[0-9]{1,4}))?(?:[/?#][!-~]*)?\\s*$";

/** An instant as the API reads it (zod's ISO datetime with an offset): upper-case T and Z, seconds below 60. */
export const ISO_INSTANT_PATTERN =
  "^\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-9]))" +
  "T(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)$";

/** "mtn" as [mM][tT][nN]: a case-insensitive word in a pattern any regex engine reads. */
export function anyCase(word: string): string {
  return [...word].map((c) => (/[a-z]/i.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c)).join("");
}

/** A pattern matching exactly one of these words, in any case. */
export function anyCaseOneOf(words: readonly string[]): string {
  return `^(?:${words.map(anyCase).join("|")})$`;
}
