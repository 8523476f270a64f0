import { VerifyPanel } from "@/components/verify/verify-panel";
import { requireAccountPage } from "@/server/auth/require-account-page";

export const metadata = { title: "Verify" };

export default async function VerifyPage({ params }: { params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  const { role } = await requireAccountPage(accountId);
  return <VerifyPanel accountId={accountId} isOwner={role === "owner"} />;
}
