import type { ReactNode } from "react";
import { DashboardShell } from "@/components/shell/dashboard-shell";
import { requireAccountPage } from "@/server/auth/require-account-page";
import { listUserAccounts } from "@/server/modules/accounts/list-user-accounts";
import { accountNotices } from "@/server/modules/accounts/account-notices";
import { AccountNotices } from "@/components/shell/account-notices";
import { VerifyEmailBanner } from "@/components/shell/verify-email-banner";

export default async function AccountLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ accountId: string }>;
}) {
  const { accountId } = await params;
  const { user, role } = await requireAccountPage(accountId);
  const [accounts, notices] = await Promise.all([listUserAccounts({ userId: user.id }), accountNotices(accountId)]);
  return (
    <DashboardShell accountId={accountId} accounts={accounts} userEmail={user.email} role={role}>
      {!user.emailVerified && <VerifyEmailBanner email={user.email} />}
      <AccountNotices notices={notices} />
      {children}
    </DashboardShell>
  );
}
