import { AccountSettings } from "@/components/settings/account-settings";
import { PageHeader } from "@/components/ui/page-header";
import { requireAccountPage } from "@/server/auth/require-account-page";

export const metadata = { title: "Settings" };

export default async function SettingsPage({ params }: { params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  const { role } = await requireAccountPage(accountId);
  return (
    <>
      <PageHeader title="Settings" description="The account's name and plan." />
      <AccountSettings accountId={accountId} isOwner={role === "owner"} />
    </>
  );
}
