import { SandboxCheckout } from "@/components/billing/sandbox-checkout";
import { requireAccountPage } from "@/server/auth/require-account-page";

export const metadata = { title: "Sandbox checkout" };

export default async function CheckoutPage({ params }: { params: Promise<{ accountId: string; paymentId: string }> }) {
  const { accountId, paymentId } = await params;
  await requireAccountPage(accountId);
  return <SandboxCheckout accountId={accountId} paymentId={paymentId} />;
}
