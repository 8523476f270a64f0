"use client";
import { useEffect, useState } from "react";

// What this page load's address carried, kept after the fragment is taken out of the address bar: an effect may
// run twice for one page (React's StrictMode does so in development), and the second run must find the same token
// rather than an address already emptied by the first.
let taken: { page: string; token: string } | undefined;

/** The token in the address's fragment, taken out of the address bar the first time it is read. */
function takeFragmentToken(): string | null {
  const page = window.location.pathname + window.location.search;
  const fromHash = new URLSearchParams(window.location.hash.slice(1)).get("token");
  if (fromHash) {
    taken = { page, token: fromHash };
    window.history.replaceState(null, "", page);
    return fromHash;
  }
  return taken?.page === page ? taken.token : null;
}

/**
 * The token a mailed link carries in its fragment (#token=...): read once in
 * the browser, then taken out of the address bar so it is not left in history.
 * `stash`: kept in this tab's sessionStorage too, so a detour (signing in) can
 * come back to it. undefined while reading, null when there is none.
 */
export function useFragmentToken(stash?: string): string | null | undefined {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const fromHash = takeFragmentToken();
    if (fromHash && stash) sessionStorage.setItem(stash, fromHash);
    // Reading the address bar is a one-time sync from outside React, so it happens after mount.
    setToken(fromHash ?? (stash ? sessionStorage.getItem(stash) : null));
  }, [stash]);
  return token;
}
