import { BillingPanel } from "@/components/billing/billing-panel";
import { requireAccountPage } from "@/server/auth/require-account-page";

export const metadata = { title: "Billing" };

export default async function BillingPage({ params }: { params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  const { role } = await requireAccountPage(accountId);
  return <BillingPanel accountId={accountId} canPay={role === "owner"} />;
}
