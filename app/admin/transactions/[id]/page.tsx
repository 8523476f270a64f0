import { TransactionView } from "@/components/admin/transaction-view";

type Params = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Params) {
  return { title: `Transaction ${decodeURIComponent((await params).id)}` };
}

export default async function AdminTransactionPage({ params }: Params) {
  const { id } = await params;
  return <TransactionView id={decodeURIComponent(id)} />;
}
