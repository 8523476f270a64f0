"use client";
// The dashboard's navigation on a small screen: a Menu button opens every
// section (and the account switcher) as a list under the logo, and it closes
// again when a section is chosen. From lg up it is the sidebar, always open.
import { useState, type ReactNode } from "react";
import { usePathname } from "next/navigation";
import { Menu, X } from "lucide-react";

export function CollapsibleNav({ logo, children }: { logo: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(false);
  }
  return (
    <>
      <div className="flex items-center justify-between px-6 py-4 lg:block">
        {logo}
        <button
          type="button"
          aria-expanded={open}
          aria-controls="dashboard-menu"
          onClick={() => setOpen(!open)}
          className="inline-flex min-h-10 items-center gap-2 rounded-md px-3 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 lg:hidden"
        >
          {open ? <X aria-hidden className="h-4 w-4" /> : <Menu aria-hidden className="h-4 w-4" />}
          Menu
        </button>
      </div>
      <div id="dashboard-menu" className={`${open ? "block" : "hidden"} lg:block`}>
        {children}
      </div>
    </>
  );
}
