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

export function countSegments(text: string): SegmentCount {
  const chars = [...text];
  const gsm = chars.every((c) => basic.has(c) || extension.has(c));
  if (gsm) {
    const costs = chars.map((c) => (extension.has(c) ? 2 : 1));
    const units = costs.reduce((a, b) => a + b, 0);
    return { encoding: "gsm7", characters: chars.length, units, segments: units <= 160 ? 1 : fill(costs, 153) };
  }
  const costs = chars.map((c) => c.length); // UTF-16 units: 2 for characters outside the BMP
  const units = text.length;
  return { encoding: "ucs2", characters: chars.length, units, segments: units <= 70 ? 1 : fill(costs, 67) };
}

/** Packs indivisible pieces into segments of `size` units, in order. */
function fill(costs: number[], size: number): number {
  let segments = 1;
  let used = 0;
  for (const cost of costs) {
    if (used + cost > size) {
      segments++;
      used = 0;
    }
    used += cost;
  }
  return segments;
}
