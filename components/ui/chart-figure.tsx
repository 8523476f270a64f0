import type { ReactNode } from "react";

/**
 * A chart as assistive technology meets it (docs/decisions.md, "Accessibility and pages"): the figure is named by
 * a sentence that says what it shows, the numbers behind it are a table screen readers can walk, cell by cell, and
 * the drawing (components/charts) takes the keyboard: focus it and the arrow keys move its tooltip.
 */
export function ChartFigure({
  summary,
  caption,
  columns,
  rows,
  className,
  children,
}: {
  summary: string;
  caption: string;
  columns: string[];
  rows: (string | number)[][];
  /** The drawing's box: give it a fixed height, the chart fills it. */
  className: string;
  children: ReactNode;
}) {
  return (
    <figure className="relative">
      <figcaption className="sr-only">{summary}</figcaption>
      {/* Clipped: a tooltip left where it last was (the page resized, a phone turned) never widens the page. */}
      <div className={`overflow-hidden ${className}`}>{children}</div>
      {/* A table ignores a 1 px width: its screen-reader-only box is the div around it. */}
      <div className="sr-only">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([head, ...cells]) => (
              <tr key={String(head)}>
                <th scope="row">{head}</th>
                {cells.map((cell, i) => (
                  <td key={i}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
