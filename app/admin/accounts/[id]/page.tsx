import { AccountView } from "@/components/admin/account-view";

export default async function AdminAccountPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <AccountView id={decodeURIComponent(id)} />;
}
