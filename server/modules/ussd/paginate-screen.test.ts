// A long screen paged by Kasa: every page fits the network's screen, nothing of the app's text is lost or repeated,
// and 98 / 0 move between pages without reaching the app.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { countSegments } from "../../lib/sms-segments";
import { pageTurn, paginateScreen } from "./paginate-screen";

const strip = (page: string) => page.replace(/\n98 More(\n0 Back)?$|\n0 Back$/, "");

describe("paginateScreen", () => {
  it("leaves a screen that fits alone", () => {
    const menu = "Welcome to Kasa Bank\n1. Balance\n2. Transfer\n3. Airtime";
    expect(paginateScreen(menu)).toEqual([menu]);
    expect(paginateScreen("x".repeat(182))).toEqual(["x".repeat(182)]);
  });

  it("splits a long menu at line breaks, with 98 More and 0 Back", () => {
    const lines = Array.from({ length: 20 }, (_, i) => `${i + 1}. Option number ${i + 1} of the list`);
    const pages = paginateScreen(lines.join("\n"));
    expect(pages.length).toBeGreaterThan(2);
    expect(pages[0]).toMatch(/\n98 More$/);
    expect(pages[1]).toMatch(/\n98 More\n0 Back$/);
    expect(pages.at(-1)).toMatch(/\n0 Back$/);
    for (const page of pages) {
      expect(countSegments(page).units).toBeLessThanOrEqual(182);
      // Whole lines: no option cut in two.
      for (const line of strip(page).split("\n")) expect(lines).toContain(line);
    }
    expect(pages.map(strip).join("\n")).toBe(lines.join("\n"));
  });

  it("counts a UCS-2 screen in its 80 characters, and GSM-7 extension characters as two", () => {
    const twi = "Ɛte sɛn? ".repeat(30);
    for (const page of paginateScreen(twi)) expect(page.length).toBeLessThanOrEqual(80);
    for (const page of paginateScreen("[1] {a} ".repeat(40)))
      expect(countSegments(page).units).toBeLessThanOrEqual(182);
  });

  it("never loses or repeats text, whatever it holds", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("a", "b", " ", "\n", "€", "é", "Ɛ", "1"), maxLength: 2_000 }),
        (text) => {
          const pages = paginateScreen(text);
          for (const page of pages) {
            const { encoding, units } = countSegments(page);
            expect(encoding === "gsm7" ? units : page.length).toBeLessThanOrEqual(encoding === "gsm7" ? 182 : 80);
          }
          if (pages.length === 1) expect(pages[0]).toBe(text);
          // Cuts drop only the one line break or space they were made at.
          else expect(pages.map(strip).join("").replace(/[\n ]/g, "")).toBe(text.replace(/[\n ]/g, ""));
        },
      ),
      { seed: 41 },
    );
  });
});

describe("pageTurn", () => {
  const pages = ["one\n98 More", "two\n98 More\n0 Back", "three\n0 Back"];
  it("moves with 98 and 0 inside a paged screen, and passes anything else to the app", () => {
    expect(pageTurn(pages, 0, "98")).toEqual({ page: 1 });
    expect(pageTurn(pages, 1, "0")).toEqual({ page: 0 });
    expect(pageTurn(pages, 2, "98")).toEqual({ answer: "98" });
    expect(pageTurn(pages, 0, "0")).toEqual({ answer: "0" });
    expect(pageTurn(pages, 1, "2")).toEqual({ answer: "2" });
    expect(pageTurn(["single"], 0, "98")).toEqual({ answer: "98" });
  });
});
