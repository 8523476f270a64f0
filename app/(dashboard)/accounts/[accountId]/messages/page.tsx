import { MessagesPanel } from "@/components/messages/messages-panel";

export const metadata = { title: "Messages" };

export default async function MessagesPage({ params }: { params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  return <MessagesPanel accountId={accountId} />;
}
