import { OperationsView } from "@/components/admin/operations-view";

export default function AdminOperationsPage() {
  return <OperationsView />;
}
