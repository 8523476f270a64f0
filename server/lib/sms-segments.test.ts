import { describe, expect, it } from "vitest";
import { countSegments, splitSegments } from "./sms-segments";

const a = (n: number) => "a".repeat(n);

// [what, text, encoding, billed units, segments]
const TABLE: [string, string, "gsm7" | "ucs2", number, number][] = [
  ["GSM-7 empty", "", "gsm7", 0, 1],
  ["GSM-7 at 160", a(160), "gsm7", 160, 1],
  ["GSM-7 at 161", a(161), "gsm7", 161, 2],
  ["GSM-7 at 306 (2 × 153)", a(306), "gsm7", 306, 2],
  ["GSM-7 at 307", a(307), "gsm7", 307, 3],
  ["GSM-7 at 459 (3 × 153)", a(459), "gsm7", 459, 3],
  ["GSM-7 at 1600", a(1600), "gsm7", 1600, 11],
  ["extension × 80 = 160 septets", "€".repeat(80), "gsm7", 160, 1],
  ["extension × 81 = 162 septets", "€".repeat(81), "gsm7", 162, 2],
  ["159 plain + 1 extension = 161", `${a(159)}{`, "gsm7", 161, 2],
  ["152 plain + extension straddling 153", `${a(152)}€${a(10)}`, "gsm7", 164, 2],
  ["152 + extension + 152: the pair moves whole", `${a(152)}€${a(152)}`, "gsm7", 306, 3],
  ["GSM accented letters stay GSM-7", "Café à Dakar, ñ ü Ø", "gsm7", 19, 1],
  ["UCS-2 at 70", "ɛ".repeat(70), "ucs2", 70, 1],
  ["UCS-2 at 71", "ɛ".repeat(71), "ucs2", 71, 2],
  ["UCS-2 at 134 (2 × 67)", "ɛ".repeat(134), "ucs2", 134, 2],
  ["UCS-2 at 135", "ɛ".repeat(135), "ucs2", 135, 3],
  ["one non-GSM character switches all to UCS-2", `${a(69)}ɛ`, "ucs2", 70, 1],
  ["Ç is GSM but ç and ê are not", "Ça va? ê", "ucs2", 8, 1],
  ["emoji cost 2 units: 35 fit", "👋".repeat(35), "ucs2", 70, 1],
  ["66 + emoji = 68 units, one message", `${a(66)}👋`, "ucs2", 68, 1],
  ["66 + emoji + 3: the pair is not split", `${a(66)}👋${a(3)}`, "ucs2", 71, 2],
];

describe("SMS segments", () => {
  it.each(TABLE)("%s", (_, text, encoding, units, segments) => {
    expect(countSegments(text)).toMatchObject({ encoding, units, segments });
    const split = splitSegments(text);
    expect(split.parts).toHaveLength(segments);
    expect(split.parts.join("")).toBe(text);
  });

  it("cuts parts at the 153-septet and 67-unit limits without breaking a pair", () => {
    // 152 septets, then € (2) would make 154: it opens the second part, which fills to 153.
    expect(splitSegments(`${a(152)}€${a(152)}`).parts).toEqual([a(152), `€${a(151)}`, a(1)]);
    const ucs = splitSegments(`${a(66)}👋${a(3)}`).parts;
    expect(ucs).toEqual([a(66), `👋${a(3)}`]);
  });
});
