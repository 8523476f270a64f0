import { WebhooksPanel } from "@/components/webhooks/webhooks-panel";
import { requireAccountPage } from "@/server/auth/require-account-page";

export const metadata = { title: "Webhooks" };

export default async function WebhooksPage({ params }: { params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  const { role } = await requireAccountPage(accountId);
  return <WebhooksPanel accountId={accountId} canManage={role !== "viewer"} />;
}
