import { OperationsView } from "@/components/admin/operations-view";

export const metadata = { title: "Operations" };

export default function AdminOperationsPage() {
  return <OperationsView />;
}
