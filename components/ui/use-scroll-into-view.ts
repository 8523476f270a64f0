"use client";
import { useEffect, useRef } from "react";

/** A panel opened from a list below it comes into view (on a phone it would open off-screen). */
export function useScrollIntoView<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: "nearest" });
  }, [key]);
  return ref;
}
