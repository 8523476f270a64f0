import type { ReactNode } from "react";
import { DashboardShell } from "@/components/shell/dashboard-shell";
import { requireAccountPage } from "@/server/auth/require-account-page";
import { listUserAccounts } from "@/server/modules/accounts/list-user-accounts";

export default async function AccountLayout({ children, params }: { children: ReactNode; params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  const { user } = await requireAccountPage(accountId);
  const accounts = await listUserAccounts({ userId: user.id });
  return (
    <DashboardShell accountId={accountId} accounts={accounts} userEmail={user.email}>
      {children}
    </DashboardShell>
  );
}
