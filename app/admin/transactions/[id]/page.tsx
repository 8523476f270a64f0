import { TransactionView } from "@/components/admin/transaction-view";
import { staffMetadata } from "@/server/auth/staff-metadata";

type Params = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Params) {
  return staffMetadata(`Transaction ${decodeURIComponent((await params).id)}`);
}

export default async function AdminTransactionPage({ params }: Params) {
  const { id } = await params;
  return <TransactionView id={decodeURIComponent(id)} />;
}
