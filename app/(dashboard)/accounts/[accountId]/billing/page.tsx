import { ComingSoon } from "@/components/ui/coming-soon";

export const metadata = { title: "Billing" };

export default function BillingPage() {
  return <ComingSoon title="Billing" description="Prepaid balance, top-ups and the ledger." items={["Top up by card or mobile money", "Every ledger entry with its reason and balance after", "Downloadable CSV statements"]} />;
}
