// How many SMS segments a text costs (GSM 03.38 / 3GPP TS 23.038).
// GSM-7 text: 160 septets in one message, 153 per segment once concatenated
// (the UDH takes 7); extension characters cost two septets (ESC + char) and
// an ESC pair is never split across segments. Anything outside GSM-7 goes as
// UCS-2: 70 UTF-16 units alone, 67 per segment, surrogate pairs kept whole.
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENSION = "^{}\\[~]|€\f";
const basic = new Set(GSM_BASIC);
const extension = new Set(GSM_EXTENSION);

export type Encoding = "gsm7" | "ucs2";
export type SegmentCount = { encoding: Encoding; characters: number; units: number; segments: number };
export type SegmentSplit = { encoding: Encoding; parts: string[] };

export function countSegments(text: string): SegmentCount {
  const { encoding, parts } = splitSegments(text);
  const chars = [...text];
  const units = encoding === "gsm7" ? chars.reduce((n, c) => n + (extension.has(c) ? 2 : 1), 0) : text.length;
  return { encoding, characters: chars.length, units, segments: parts.length };
}

/**
 * The text cut into the parts a carrier sends: one part when it fits a
 * single message, else parts of at most 153 septets (GSM-7) or 67 UTF-16
 * units (UCS-2), never splitting an escape pair or a surrogate pair.
 */
export function splitSegments(text: string): SegmentSplit {
  const chars = [...text];
  const gsm = chars.every((c) => basic.has(c) || extension.has(c));
  // Cost of each character: septets in GSM-7, UTF-16 units (2 outside the BMP) in UCS-2.
  const cost = gsm ? (c: string) => (extension.has(c) ? 2 : 1) : (c: string) => c.length;
  const [single, concatenated] = gsm ? [160, 153] : [70, 67];
  const total = chars.reduce((n, c) => n + cost(c), 0);
  const encoding: Encoding = gsm ? "gsm7" : "ucs2";
  if (total <= single) return { encoding, parts: [text] };
  const parts: string[] = [];
  let current = "";
  let used = 0;
  for (const c of chars) {
    if (used + cost(c) > concatenated) {
      parts.push(current);
      current = "";
      used = 0;
    }
    current += c;
    used += cost(c);
  }
  parts.push(current);
  return { encoding, parts };
}
