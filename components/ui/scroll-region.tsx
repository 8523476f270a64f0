"use client";
import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * A box whose content may be wider (or taller) than it: a table on a phone, a
 * long code sample. When, and only when, it actually scrolls, it becomes a
 * named region with a focus stop, so keyboard users can scroll it with the
 * arrow keys (WCAG 2.1.1); boxes that fit add no stop to the tab order.
 */
export function ScrollRegion({
  label,
  className = "",
  as: Tag = "div",
  children,
}: {
  label: string;
  className?: string;
  as?: "div" | "pre";
  children: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  const scrolls = useScrolls(ref);
  return (
    <Tag
      // The union of the two element refs is one DOM element either way.
      ref={ref as React.RefObject<HTMLDivElement & HTMLPreElement>}
      // relative: screen-reader-only text inside (absolutely placed) scrolls with the box instead of widening the page.
      className={`relative ${className} focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600`}
      {...(scrolls ? { tabIndex: 0, role: "region", "aria-label": label } : {})}
    >
      {children}
    </Tag>
  );
}

/** Whether the element's content overflows it, kept current as it resizes or its content changes. */
function useScrolls(ref: React.RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () =>
      setScrolls(element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1);
    measure();
    const resized = new ResizeObserver(measure);
    resized.observe(element);
    const changed = new MutationObserver(measure);
    changed.observe(element, { childList: true, subtree: true, characterData: true });
    return () => {
      resized.disconnect();
      changed.disconnect();
    };
  }, [ref]);
  return scrolls;
}
