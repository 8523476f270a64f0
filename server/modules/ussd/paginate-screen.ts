// A USSD screen longer than the network shows (issue #41, point 3): split into pages Kasa serves itself, "98 More"
// to the next and "0 Back" to the one before, so the customer's app answers one text and never sees those hops.
import { countSegments } from "../../lib/sms-segments";

export const MORE = "98";
export const BACK = "0";
const MORE_LINE = `${MORE} More`;
const BACK_LINE = `${BACK} Back`;
/** A screen's length in GSM-7 septets most networks show (182: 160 octets packed 7 bits a character). */
export const DEFAULT_SCREEN_SEPTETS = 182;

/**
 * How much of a screen a text may fill, in the units countSegments counts: septets for GSM-7 text (an extension
 * character is two), UTF-16 units for anything else, which goes as UCS-2 in the same 160 octets (80 characters).
 */
function limitFor(text: string, septets: number): { units: (s: string) => number; limit: number } {
  const gsm = countSegments(text).encoding === "gsm7";
  const limit = gsm ? septets : Math.floor(Math.ceil((septets * 7) / 8) / 2);
  // A page of GSM-7 text is GSM-7 too; a page of a UCS-2 text counts its UTF-16 units.
  return { units: (s) => (gsm ? countSegments(s).units : s.length), limit };
}

/**
 * The pages of a screen: one when it fits; otherwise each page but the last ends with "98 More", each but the first
 * with "0 Back", cut at line breaks where a line fits, else at a space, else inside a word.
 */
export function paginateScreen(text: string, septets = DEFAULT_SCREEN_SEPTETS): string[] {
  const { units, limit } = limitFor(text, septets);
  if (units(text) <= limit) return [text];
  const pages: string[] = [];
  let rest = text;
  while (rest.length) {
    const back = pages.length ? `\n${BACK_LINE}` : "";
    if (units(rest + back) <= limit) {
      pages.push(rest + back);
      break;
    }
    const suffix = `\n${MORE_LINE}${back}`;
    const [page, after] = cut(rest, limit - units(suffix), units);
    pages.push(page + suffix);
    rest = after;
  }
  return pages;
}

/** The longest head of `text` within `room` units, cut at a line break, else a space, else anywhere; and the rest. */
function cut(text: string, room: number, units: (s: string) => number): [string, string] {
  const chars = [...text];
  let fits = 0;
  let used = 0;
  for (const c of chars) {
    const u = units(c);
    if (used + u > room) break;
    used += u;
    fits++;
  }
  // At least one character a page, however small the screen: the rest always shrinks.
  const head = chars.slice(0, Math.max(fits, 1)).join("");
  for (const separator of ["\n", " "]) {
    const at = head.lastIndexOf(separator);
    // A break in the last two thirds of the page: an earlier one would leave most of the screen empty.
    if (at > head.length / 3) return [head.slice(0, at), text.slice(at + 1)];
  }
  return [head, text.slice(head.length)];
}

/**
 * What a subscriber's input on page `index` of `pages` does: another page of the same screen ("98" on a page with
 * more, "0" on a page after the first), or an answer for the app (anything else, and everything on a single page).
 */
export function pageTurn(pages: string[], index: number, input: string): { page: number } | { answer: string } {
  const answer = input.trim();
  if (answer === MORE && index < pages.length - 1) return { page: index + 1 };
  if (answer === BACK && index > 0) return { page: index - 1 };
  return { answer: input };
}
