import { Link } from "../ui/link";
import type { ReactNode } from "react";
import type { AccountListItem } from "@/server/modules/accounts/list-user-accounts";
import { Logo } from "../ui/logo";
import { AccountSwitcher } from "./account-switcher";
import { SidebarNav } from "./sidebar-nav";
import { SignOutButton } from "./sign-out-button";
import { CollapsibleNav } from "./collapsible-nav";
import { HelpMenu } from "./help-menu";

export function DashboardShell({
  accountId,
  accounts,
  userEmail,
  role,
  children,
}: {
  accountId: string;
  accounts: AccountListItem[];
  userEmail: string;
  role: "owner" | "developer" | "viewer";
  children: ReactNode;
}) {
  return (
    <div className="min-h-screen lg:grid lg:grid-cols-[15rem_1fr]">
      {/* The first stop of the tab order: keyboard users skip the 13 links of the menu to the page itself. */}
      <a
        href="#main"
        className="sr-only rounded-md bg-white px-3 py-2 text-sm font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-50"
      >
        Skip to content
      </a>
      <aside className="border-b border-slate-200 bg-white lg:border-b-0 lg:border-r">
        <div className="lg:sticky lg:top-0">
          <CollapsibleNav
            logo={
              <Link href={`/accounts/${accountId}`}>
                <Logo />
              </Link>
            }
          >
            <div className="pb-3">
              <AccountSwitcher accountId={accountId} accounts={accounts} />
            </div>
            <div className="px-3 pb-3">
              <SidebarNav accountId={accountId} role={role} />
            </div>
          </CollapsibleNav>
        </div>
      </aside>
      <div className="min-w-0">
        <header className="flex items-center justify-end gap-3 border-b border-slate-200 bg-white/80 px-6 py-3 backdrop-blur">
          <HelpMenu accountId={accountId} />
          <Link
            href={`/accounts/${accountId}/profile`}
            className="truncate text-sm text-slate-600 hover:text-slate-900"
            data-testid="user-email"
            title="Profile and sessions"
          >
            {userEmail}
          </Link>
          <SignOutButton />
        </header>
        <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-6 py-8 outline-none">
          {children}
        </main>
      </div>
    </div>
  );
}
