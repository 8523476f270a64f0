import { KeysPanel } from "@/components/keys/keys-panel";
import { requireAccountPage } from "@/server/auth/require-account-page";

export const metadata = { title: "API keys" };

export default async function KeysPage({ params }: { params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  const { role } = await requireAccountPage(accountId);
  return <KeysPanel accountId={accountId} canManage={role !== "viewer"} />;
}
