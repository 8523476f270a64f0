// What every page owes every person (docs/decisions.md, "URLs, guards and pages" and "Accessibility and pages"), checked on one
// loaded page: no serious or critical axe-core finding (WCAG 2.1 A/AA and
// best practices; moderate ones are printed, not failed), no sideways scroll,
// and layout shift under 0.1 while it loads.
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "@playwright/test";
import { expect } from "./fixtures";

const CLS_LIMIT = 0.1;
// wcag22aa adds the 24 px target size (2.5.8) the issue asks for.
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** Sums every layout shift not caused by input, from the first paint on (a PerformanceObserver per document). */
export async function watchLayoutShift(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { __kasaShift: number };
    w.__kasaShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) w.__kasaShift += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
}

export type Finding = { page: string; rule: string; impact: string; help: string; targets: string[] };

/** `loaded: false`: the page was resized after it loaded, so its layout shift while loading was measured before. */
export async function auditPage(page: Page, label: string, { loaded = true } = {}): Promise<Finding[]> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect.soft(overflow, `${label} scrolls sideways`).toBeLessThanOrEqual(0);
  if (loaded) {
    const shift = await page.evaluate(() => (window as unknown as { __kasaShift: number }).__kasaShift);
    if (shift > 0.01) console.log(`[layout shift] ${label}: ${shift.toFixed(3)}`);
    expect.soft(shift, `${label} layout shift while loading`).toBeLessThan(CLS_LIMIT);
  }
  // Violations only: axe skips building the details of every pass, a tenth to a fifth of its time on a page.
  const { violations } = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ resultTypes: ["violations"] })
    .analyze();
  const findings = violations.map((v) => ({
    page: label,
    rule: v.id,
    impact: v.impact ?? "unknown",
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
  }));
  const moderate = findings.filter((f) => f.impact !== "serious" && f.impact !== "critical");
  for (const f of moderate) console.log(`[axe ${f.impact}] ${label}: ${f.rule} (${f.help}) ${f.targets.join(", ")}`);
  const serious = findings.filter((f) => f.impact === "serious" || f.impact === "critical");
  expect.soft(serious, `${label}: serious or critical accessibility findings`).toEqual([]);
  return findings;
}
