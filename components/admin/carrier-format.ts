// How the console writes carriers' figures: the Operations card and the banner above every staff page.
export const percent = (rate: number | null) => (rate === null ? "–" : `${(rate * 100).toFixed(1)} %`);

export const seconds = (s: number | null) =>
  s === null ? "–" : s < 120 ? `${s} s` : s < 7200 ? `${(s / 60).toFixed(1)} min` : `${(s / 3600).toFixed(1)} h`;

/** A network's slug, or what '' stands for: numbers whose range is not on record. */
export const networkLabel = (network: string) => network || "unknown";
