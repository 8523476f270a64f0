"use client";
import { useEffect, useState } from "react";

/**
 * True once the browser is idle after the page appeared: a chart's drawing code is fetched then, so it never
 * competes with the page's own content and first input (Lighthouse's blocking time on a throttled phone).
 */
export function useWhenIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if ("requestIdleCallback" in window) {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: 2_000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(() => setIdle(true), 200);
    return () => clearTimeout(id);
  }, []);
  return idle;
}
