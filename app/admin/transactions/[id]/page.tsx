import { TransactionView } from "@/components/admin/transaction-view";
import { staffMetadata } from "@/server/auth/staff-metadata";
import { requireStaffPage } from "@/server/auth/require-staff-page";

type Params = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Params) {
  return staffMetadata(`Transaction ${decodeURIComponent((await params).id)}`);
}

export default async function AdminTransactionPage({ params }: Params) {
  await requireStaffPage();
  const { id } = await params;
  return <TransactionView id={decodeURIComponent(id)} />;
}
