"use client";
// The docs' navigation, with the page being read marked (aria-current), and a
// way back to the dashboard.
import { Link } from "../ui/link";
import { usePathname } from "next/navigation";
import { DOCS_PAGES } from "./docs-nav";

export function DocsSideNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Docs" className="mt-6 flex flex-wrap gap-1 lg:flex-col">
      {DOCS_PAGES.map((p) => {
        const current = pathname === p.href;
        return (
          <Link
            key={p.href}
            href={p.href}
            aria-current={current ? "page" : undefined}
            className={`rounded-md px-3 py-1.5 text-sm ${current ? "bg-brand-50 font-medium text-brand-700" : "text-slate-700 hover:bg-slate-100"}`}
          >
            {p.label}
          </Link>
        );
      })}
      <a href="/api/v1/openapi.json" className="rounded-md px-3 py-1.5 text-sm text-slate-600 hover:bg-slate-100">
        openapi.json
      </a>
      <Link
        href="/dashboard"
        className="rounded-md px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-slate-100 lg:mt-4"
      >
        ← Dashboard
      </Link>
    </nav>
  );
}
