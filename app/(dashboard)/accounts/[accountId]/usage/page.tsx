import { UsagePanel } from "@/components/usage/usage-panel";

export const metadata = { title: "Usage" };

export default async function Page({ params }: { params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  return <UsagePanel accountId={accountId} />;
}
