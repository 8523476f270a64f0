import { Prefetched } from "@/server/trpc/prefetched";
import { OperationsView } from "@/components/admin/operations-view";

export const metadata = { title: "Operations" };

export default function AdminOperationsPage() {
  return (
    <Prefetched queries={(trpc) => [trpc.staff.operations.queryOptions()]}>
      <OperationsView />
    </Prefetched>
  );
}
