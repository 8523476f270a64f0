import { TransactionView } from "@/components/admin/transaction-view";

export default async function AdminTransactionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <TransactionView id={decodeURIComponent(id)} />;
}
