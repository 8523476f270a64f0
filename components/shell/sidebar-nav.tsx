"use client";
import { Link } from "../ui/link";
import { usePathname } from "next/navigation";
import { NAV_ITEMS } from "./nav-items";

export function SidebarNav({ accountId, role }: { accountId: string; role: "owner" | "developer" | "viewer" }) {
  const pathname = usePathname();
  const base = `/accounts/${accountId}`;
  return (
    // Two columns in a phone's menu (twenty sections in one would run past its screen), one in the desktop sidebar,
    // tight enough to fit a 900 px tall window whole.
    <nav aria-label="Dashboard" className="grid grid-cols-2 gap-1 lg:flex lg:flex-col lg:gap-0.5">
      {NAV_ITEMS.filter((item) => !("ownersOnly" in item) || role === "owner").map(({ segment, label, icon: Icon }) => {
        const href = segment ? `${base}/${segment}` : base;
        const active = segment ? pathname.startsWith(href) : pathname === base;
        return (
          <Link
            key={label}
            href={href}
            aria-current={active ? "page" : undefined}
            className={`flex shrink-0 items-center gap-2.5 rounded-md px-3 py-2 text-sm font-medium lg:py-1.5 transition ${active ? "bg-brand-50 text-brand-700" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"}`}
          >
            <Icon aria-hidden className="h-4 w-4" />
            {label}
          </Link>
        );
      })}
    </nav>
  );
}
