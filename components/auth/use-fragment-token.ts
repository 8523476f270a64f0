"use client";
import { useEffect, useState } from "react";

/**
 * The token a mailed link carries in its fragment (#token=...): read once in
 * the browser, then taken out of the address bar so it is not left in history.
 * `stash`: kept in this tab's sessionStorage too, so a detour (signing in) can
 * come back to it. undefined while reading, null when there is none.
 */
export function useFragmentToken(stash?: string): string | null | undefined {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const fromHash = new URLSearchParams(window.location.hash.slice(1)).get("token");
    if (fromHash) {
      window.history.replaceState(null, "", window.location.pathname + window.location.search);
      if (stash) sessionStorage.setItem(stash, fromHash);
    }
    // Reading the address bar is a one-time sync from outside React, so it happens after mount.
    setToken(fromHash ?? (stash ? sessionStorage.getItem(stash) : null));
  }, [stash]);
  return token;
}
