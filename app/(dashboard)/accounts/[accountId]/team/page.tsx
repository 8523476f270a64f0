import { TeamPanel } from "@/components/team/team-panel";
import { PageHeader } from "@/components/ui/page-header";
import { requireAccountPage } from "@/server/auth/require-account-page";

export const metadata = { title: "Team" };

export default async function TeamPage({ params }: { params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  const { user, role } = await requireAccountPage(accountId);
  return (
    <>
      <PageHeader
        title="Team"
        description="Who can use this account, and with which role. Owners manage billing and members; developers manage keys, domains, senders and webhooks; viewers read everything and change nothing."
      />
      <TeamPanel accountId={accountId} myUserId={user.id} myRole={role} />
    </>
  );
}
