"use client";
// Bars Kasa's pages share (Insights, Usage, the Overview, Verify, broadcasts, staff Operations). The server draws
// them plainly (static-bars.tsx), costing a phone nothing; recharts, with its tooltips for the mouse and the keyboard,
// takes over the same box when a person reaches for the figures: the pointer over the chart, a touch, or focus
// (then focus moves into the drawing and the arrow keys read it). Its code is a chunk of its own, loaded only then.
import dynamic from "next/dynamic";
import { useCallback, useRef, useState } from "react";
import { StaticBars } from "./static-bars";
import type { BarChartProps } from "./chart-types";

const Drawing = dynamic(() => import("./recharts-bars"), { ssr: false });

type Wanted = null | "pointer" | "focus";

export function BarChart(props: BarChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState<Wanted>(null);
  const [drawn, setDrawn] = useState(false);
  const want = (how: Exclude<Wanted, null>) => setWanted((was) => was ?? how);
  const onDrawn = useCallback(() => {
    setDrawn(true);
    // Asked for by the keyboard: the drawing takes the focus the plain box had, so the arrow keys go on from there.
    if (wanted === "focus") focusWhenThere(box.current);
  }, [wanted]);
  return (
    <div
      ref={box}
      className="relative size-full"
      tabIndex={drawn ? undefined : 0}
      role={drawn ? undefined : "group"}
      aria-label={drawn ? undefined : "Chart: focus it to read its exact figures with the arrow keys"}
      onPointerEnter={() => want("pointer")}
      onTouchStart={() => want("pointer")}
      onFocus={() => want("focus")}
    >
      <div className={`size-full ${drawn ? "invisible" : ""}`}>
        <StaticBars {...props} />
      </div>
      {wanted && (
        <div className="absolute inset-0">
          <Drawing {...props} onDrawn={onDrawn} />
        </div>
      )}
    </div>
  );
}

/** recharts draws its surface a frame or two after mounting (it measures its box first): focus it once it is there. */
function focusWhenThere(box: HTMLElement | null, frames = 30) {
  const surface = box?.querySelector<HTMLElement>("[role=application]");
  if (surface) surface.focus();
  else if (box && frames > 0) requestAnimationFrame(() => focusWhenThere(box, frames - 1));
}
