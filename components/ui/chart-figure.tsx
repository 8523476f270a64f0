"use client";
import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * A chart as assistive technology meets it (issue #24): the drawing is one
 * image named by a sentence that says what it shows, and the numbers behind
 * it are a table screen readers can walk, cell by cell.
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
  const box = useRef<HTMLDivElement>(null);
  const seen = useSeen(box);
  return (
    <figure className="relative">
      <div ref={box} className={className} role="img" aria-label={summary}>
        {seen && children}
      </div>
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

/**
 * Whether the box has come near the screen. A drawing costs a phone's main
 * thread more than anything else on a page: those below the fold are drawn
 * when they are about to be seen, not all at once while the page loads. The
 * box keeps its size meanwhile, and the table above says the same numbers.
 */
function useSeen(box: React.RefObject<HTMLDivElement | null>): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || seen) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setSeen(true), {
      rootMargin: "200px",
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [box, seen]);
  return seen;
}
