"use client";
import { useEffect, useRef, useState } from "react";

/**
 * True once the box is on screen and the browser is idle: a chart's drawing code is fetched
 * and run then, one chart per idle period, so it never competes with the page's own content and first input, and a
 * chart nobody scrolls to costs nothing (Lighthouse's blocking time on a throttled phone; docs/benchmarks.md).
 */
export function useWhenSeenAndIdle<T extends Element>() {
  const ref = useRef<T>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    let idle: number | undefined;
    // Safari has no requestIdleCallback: a short timeout stands in.
    const idleSupported = typeof window.requestIdleCallback === "function";
    const whenIdle = () => {
      idle = idleSupported
        ? window.requestIdleCallback(() => setReady(true), { timeout: 2_000 })
        : (setTimeout(() => setReady(true), 200) as unknown as number);
    };
    const seen = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        seen.disconnect();
        whenIdle();
      },
      { rootMargin: "0px" },
    );
    seen.observe(box);
    return () => {
      seen.disconnect();
      if (idle === undefined) return;
      if (idleSupported) window.cancelIdleCallback(idle);
      else clearTimeout(idle);
    };
  }, []);
  return { ref, ready };
}
