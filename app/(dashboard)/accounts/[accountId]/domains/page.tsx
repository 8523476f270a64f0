import { DomainsPanel } from "@/components/domains/domains-panel";
import { requireAccountPage } from "@/server/auth/require-account-page";

export const metadata = { title: "Domains & senders" };

export default async function DomainsPage({ params }: { params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  const { role } = await requireAccountPage(accountId);
  return <DomainsPanel accountId={accountId} canManage={role !== "viewer"} />;
}
