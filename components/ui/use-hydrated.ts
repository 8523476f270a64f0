"use client";
import { useEffect, useState } from "react";

/**
 * False until React has taken over the page. Forms keep their submit button
 * disabled until then: a click before hydration would otherwise submit the
 * form natively, as a GET that puts its fields (an email, a password) in the URL.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
