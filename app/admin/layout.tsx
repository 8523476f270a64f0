import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import { Logo } from "@/components/ui/logo";
import { requireStaffPage } from "@/server/auth/require-staff-page";
import { SignOutButton } from "@/components/shell/sign-out-button";
import { staffMetadata } from "@/server/auth/staff-metadata";
import { openCarrierAlerts } from "@/server/modules/operations/open-carrier-alerts";
import { CarrierAlertBanner } from "@/components/admin/carrier-alert-banner";

// Each staff page names itself first, so tabs and screen readers tell them apart; nobody else sees a staff title.
export const generateMetadata = () => staffMetadata();

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const staff = await requireStaffPage();
  // Read after the staff check: nobody else learns that a carrier is failing, or that the console exists.
  const carrierAlerts = await openCarrierAlerts();
  return (
    <div className="min-h-screen">
      <header className="flex flex-wrap items-center gap-6 border-b border-amber-300 bg-amber-50 px-6 py-3 text-slate-800">
        <Link href="/admin" className="flex items-center gap-2">
          <Logo />
          <span className="rounded bg-amber-400 px-1.5 py-0.5 text-xs font-semibold text-slate-900">staff</span>
        </Link>
        <nav aria-label="Staff" className="flex gap-4 text-sm">
          <Link href="/admin" className="hover:underline">
            Search
          </Link>
          <Link href="/admin/operations" className="hover:underline">
            Operations
          </Link>
          <Link href="/admin/sender-ids" className="hover:underline">
            Sender IDs
          </Link>
        </nav>
        <span className="ml-auto text-xs text-slate-600">{staff.email}</span>
        <SignOutButton />
      </header>
      <CarrierAlertBanner alerts={carrierAlerts} />
      <main className="mx-auto max-w-6xl px-6 py-8">{children}</main>
    </div>
  );
}
