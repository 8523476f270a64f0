"use client";
import { LogOut } from "lucide-react";

export function SignOutButton() {
  return (
    <button
      // next-auth's client (40 KB of script every dashboard page would parse at load) is fetched when someone signs
      // out, not before: a phone's main thread is the Lighthouse budget of every page (docs/decisions.md,
      // "Performance and serving").
      onClick={async () => (await import("next-auth/react")).signOut({ callbackUrl: "/signin" })}
      className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900"
    >
      <LogOut aria-hidden className="h-4 w-4" /> Sign out
    </button>
  );
}
