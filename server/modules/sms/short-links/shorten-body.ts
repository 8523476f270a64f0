// What `shorten_links` does to an SMS before it is counted and priced: every
// http(s) link in the text becomes `<short url>/<id>`, with an id of its own
// (one per link per message, so a click names its recipient). Pure: the ids
// come from randomToken unless a test gives its own, and nothing is written
// here (save-short-links.ts writes the links with the message).
import { randomToken } from "../../../lib/ids";

/**
 * 8 base62 characters from crypto.randomBytes: ~47.6 bits, so a guess finds one of a billion live links once in
 * about 200,000 tries, while every character of a link is paid for in segments. A collision with an existing id
 * is retried with fresh ids (save-short-links.ts).
 */
export const SHORT_ID_LENGTH = 8;
/** An id the short-link route looks up: base62, as made now or longer (a later, longer length keeps old links). */
export const SHORT_ID_PATTERN = /^[0-9A-Za-z]{7,32}$/;

export type ShortLinkDraft = { id: string; url: string };
export type ShortenedBody = { body: string; links: ShortLinkDraft[] };

// A link starts with http:// or https:// (not inside a word) and runs to the next whitespace; what it may not end
// with is taken off afterwards (endOfLink). `<` and `>` also end it, as around <https://...> in mail-like text.
const LINK = /(?<![\p{L}\p{N}_])https?:\/\/[^\s<>]+/giu;
// Punctuation a sentence puts after a link ("see https://a.example/x." or "(https://a.example)").
const TRAILING = new Set([".", ",", ";", ":", "!", "?", "'", '"', "*", "…"]);

/** `body` with each http(s) link replaced by `<base>/<id>`, and the links to write (the same URL twice is one link). */
export function shortenBody(
  body: string,
  { base, newId = () => randomToken(SHORT_ID_LENGTH) }: { base: string; newId?: () => string },
): ShortenedBody {
  const byUrl = new Map<string, string>();
  const shortened = body.replace(LINK, (found) => {
    const url = endOfLink(found);
    if (!isLink(url)) return found;
    let id = byUrl.get(url);
    if (!id) byUrl.set(url, (id = newId()));
    return `${base}/${id}${found.slice(url.length)}`;
  });
  return { body: shortened, links: [...byUrl].map(([url, id]) => ({ id, url })) };
}

/** The link without the punctuation after it; a closing bracket stays when the link opened it (Wikipedia's `_(x)`). */
function endOfLink(found: string): string {
  let url = found;
  for (;;) {
    const last = url.at(-1)!;
    if (TRAILING.has(last)) url = url.slice(0, -1);
    else if (last === ")" && count(url, "(") < count(url, ")")) url = url.slice(0, -1);
    else if (last === "]" && count(url, "[") < count(url, "]")) url = url.slice(0, -1);
    else return url;
  }
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

/** A URL with a host: `https://` alone, or `http://.`, is left as the text it is. */
function isLink(url: string): boolean {
  try {
    return new URL(url).hostname.length > 0;
  } catch {
    return false;
  }
}
