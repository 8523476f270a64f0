import { MessagesPanel } from "@/components/messages/messages-panel";
import { requireAccountPage } from "@/server/auth/require-account-page";

export const metadata = { title: "Messages" };

export default async function MessagesPage({ params }: { params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  const { role } = await requireAccountPage(accountId);
  return <MessagesPanel accountId={accountId} canCancel={role !== "viewer"} />;
}
