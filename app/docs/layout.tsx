import Link from "next/link";
import type { ReactNode } from "react";
import { Logo } from "@/components/ui/logo";
import { DOCS_PAGES } from "@/components/docs/docs-nav";

export default function DocsLayout({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-6 py-8 lg:grid lg:grid-cols-[13rem_1fr] lg:gap-10">
      <aside className="mb-8 lg:mb-0">
        <Link href="/">
          <Logo />
        </Link>
        <nav aria-label="Docs" className="mt-6 flex flex-wrap gap-1 lg:flex-col">
          {DOCS_PAGES.map((p) => (
            <Link
              key={p.href}
              href={p.href}
              className="rounded-md px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-100"
            >
              {p.label}
            </Link>
          ))}
          <a href="/api/v1/openapi.json" className="rounded-md px-3 py-1.5 text-sm text-slate-500 hover:bg-slate-100">
            openapi.json
          </a>
        </nav>
      </aside>
      <main>{children}</main>
    </div>
  );
}
