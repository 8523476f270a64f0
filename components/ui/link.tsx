"use client";
// Kasa's links prefetch their page when a person shows intent (a pointer over the link, focus, a touch), not when
// the link scrolls into view, which is next/link's default: the dashboard's sidebar alone has nineteen links, and
// every page view made the server render each of them ahead (docs/decisions.md, "Performance and serving"). Next's
// own recipe ("Hover-triggered prefetch" in its prefetching guide), with focus and touch added for keyboards and
// phones. Lint sends every import of next/link here.
// eslint-disable-next-line no-restricted-imports -- the one place next/link is used
import NextLink from "next/link";
import { useState, type ComponentProps } from "react";

export function Link({ onMouseEnter, onFocus, onTouchStart, prefetch, ...props }: ComponentProps<typeof NextLink>) {
  const [intent, setIntent] = useState(false);
  const show = () => setIntent(true);
  return (
    <NextLink
      {...props}
      // null is Next's default prefetch, once intent is shown; a caller's explicit choice wins.
      prefetch={prefetch ?? (intent ? null : false)}
      onMouseEnter={(event) => {
        show();
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        show();
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        show();
        onTouchStart?.(event);
      }}
    />
  );
}
