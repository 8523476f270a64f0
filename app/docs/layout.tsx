import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import { Logo } from "@/components/ui/logo";
import { DocsSideNav } from "@/components/docs/docs-side-nav";

export default function DocsLayout({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-6 py-8 lg:grid lg:grid-cols-[13rem_1fr] lg:gap-10">
      <aside className="mb-8 lg:mb-0">
        <Link href="/">
          <Logo />
        </Link>
        <DocsSideNav />
      </aside>
      <main>{children}</main>
    </div>
  );
}
