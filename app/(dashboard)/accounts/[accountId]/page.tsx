import { AccountOverview } from "@/components/overview/account-overview";

export const metadata = { title: "Overview" };

export default async function OverviewPage({ params }: { params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  return <AccountOverview accountId={accountId} />;
}
