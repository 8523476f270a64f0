import { describe, expect, it } from "vitest";
import { countSegments } from "./segments";

describe("SMS segments", () => {
  it("fit 160 GSM-7 characters in one message and 153 per segment after that", () => {
    expect(countSegments("a".repeat(160))).toEqual({ encoding: "gsm7", characters: 160, units: 160, segments: 1 });
    expect(countSegments("a".repeat(161)).segments).toBe(2);
    expect(countSegments("a".repeat(306)).segments).toBe(2);
    expect(countSegments("a".repeat(307)).segments).toBe(3);
    expect(countSegments("a".repeat(1600)).segments).toBe(11);
  });
  it("count GSM extension characters twice and never split their escape pair", () => {
    expect(countSegments("€".repeat(80))).toEqual({ encoding: "gsm7", characters: 80, units: 160, segments: 1 });
    expect(countSegments("€".repeat(81)).segments).toBe(2);
    // 152 plain septets then one 2-septet character: it cannot straddle the boundary.
    expect(countSegments(`${"a".repeat(152)}€${"a".repeat(10)}`)).toMatchObject({ units: 164, segments: 2 });
    expect(countSegments(`${"a".repeat(152)}€${"a".repeat(152)}`)).toMatchObject({ units: 306, segments: 3 });
  });
  it("switch the whole message to UCS-2 for one non-GSM character: 70, then 67 per segment", () => {
    expect(countSegments("Akwaaba ɛ")).toMatchObject({ encoding: "ucs2", segments: 1 });
    expect(countSegments("ɛ".repeat(70)).segments).toBe(1);
    expect(countSegments("ɛ".repeat(71)).segments).toBe(2);
    expect(countSegments("ɛ".repeat(134)).segments).toBe(2);
    expect(countSegments("ɛ".repeat(135)).segments).toBe(3);
  });
  it("count emoji as two UTF-16 units and keep surrogate pairs whole", () => {
    expect(countSegments("👋".repeat(35))).toEqual({ encoding: "ucs2", characters: 35, units: 70, segments: 1 });
    expect(countSegments(`${"a".repeat(66)}👋`)).toMatchObject({ units: 68, segments: 1 });
    expect(countSegments(`${"a".repeat(66)}👋${"a".repeat(3)}`)).toMatchObject({ units: 71, segments: 2 });
  });
  it("treat GSM's accented letters as GSM and others as UCS-2", () => {
    expect(countSegments("Café à Dakar, ñ ü Ø").encoding).toBe("gsm7");
    expect(countSegments("Ça va? ê").encoding).toBe("ucs2");
  });
});
