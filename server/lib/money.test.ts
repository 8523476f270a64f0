import { describe, expect, it } from "vitest";
import { formatAmount, parseAmount, toAmountNumber } from "./money";

describe("money", () => {
  it("parses plain amounts into micro-units", () => {
    expect(parseAmount("25.00")).toBe(25_000_000n);
    expect(parseAmount("0.000001")).toBe(1n);
    expect(parseAmount("10")).toBe(10_000_000n);
    expect(parseAmount(" 3.5 ")).toBe(3_500_000n);
  });
  it("refuses anything that is not a plain non-negative amount", () => {
    for (const bad of ["", "-1", "1e3", "1.0000001", "abc", "1,50", "1.", ".5", "0x10"])
      expect(parseAmount(bad), bad).toBeUndefined();
  });
  it("formats with two decimals at least and keeps sub-cent precision", () => {
    expect(formatAmount(25_000_000n)).toBe("25.00");
    expect(formatAmount(25_500_000n)).toBe("25.50");
    expect(formatAmount(1n)).toBe("0.000001");
    expect(formatAmount(-1_230_000n)).toBe("-1.23");
    expect(toAmountNumber(12_340_000n)).toBe(12.34);
  });
});
