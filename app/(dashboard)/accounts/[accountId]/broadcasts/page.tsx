import { BroadcastsPanel } from "@/components/broadcasts/broadcasts-panel";
import { requireAccountPage } from "@/server/auth/require-account-page";

export const metadata = { title: "Broadcasts" };

export default async function BroadcastsPage({ params }: { params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  const { role } = await requireAccountPage(accountId);
  return <BroadcastsPanel accountId={accountId} canEdit={role !== "viewer"} />;
}
