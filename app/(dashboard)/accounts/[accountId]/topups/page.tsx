import { TopupsPanel } from "@/components/topups/topups-panel";
import { requireAccountPage } from "@/server/auth/require-account-page";

export const metadata = { title: "Top-ups" };

export default async function TopupsPage({ params }: { params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  const { role } = await requireAccountPage(accountId);
  return <TopupsPanel accountId={accountId} canBuy={role !== "viewer"} />;
}
