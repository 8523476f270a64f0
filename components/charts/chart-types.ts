// What Kasa's charts draw (bar-chart.tsx, line-chart.tsx): one value per category per series.

export type ChartSeries = { name: string; color: string; values: (number | null)[] };

export type ChartProps = {
  categories: string[];
  series: ChartSeries[];
  /** How a category is written on the axis and in the tooltip (a day as 11-26). */
  formatCategory?: (category: string) => string;
  /** How a value is written in the tooltip and on the axis (a rate as 97.5 %). */
  formatValue?: (value: number) => string;
  /** Label every n-th category on the axis (30 days: every 7th). */
  labelEvery?: number;
  /** The axes' names, for the eye (the figure's table names them for screen readers). */
  xLabel?: string;
  yLabel?: string;
};

export type BarChartProps = ChartProps & {
  /** Called once the interactive drawing is on the page (bar-chart.tsx hides the plain one then). */
  onDrawn?: () => void;
  /** One bar per category with the series on top of each other; otherwise side by side. */
  stacked?: boolean;
  /** A reference line, e.g. the plan's daily limit. */
  limit?: { value: number; label: string };
};

export type LineChartProps = ChartProps & {
  /** The value axis's range, e.g. [0, 100] for a rate; otherwise from the data. */
  domain?: [number, number];
};

export const formatCount = (value: number) => value.toLocaleString("en");
