import { Prefetched } from "@/server/trpc/prefetched";
import { AccountSettings } from "@/components/settings/account-settings";
import { PageHeader } from "@/components/ui/page-header";
import { requireAccountPage } from "@/server/auth/require-account-page";
import { config } from "@/server/config/config";

export const metadata = { title: "Settings" };

export default async function SettingsPage({ params }: { params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  const { role } = await requireAccountPage(accountId);
  return (
    <>
      <PageHeader title="Settings" description="The account's name and plan." />
      <Prefetched queries={(trpc) => [trpc.account.overview.queryOptions({ accountId })]}>
        <AccountSettings
          accountId={accountId}
          isOwner={role === "owner"}
          supportEmail={config().KASA_SUPPORT_EMAIL ?? null}
        />
      </Prefetched>
    </>
  );
}
