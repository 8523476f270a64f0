import { Prefetched } from "@/server/trpc/prefetched";
import { OperationsView } from "@/components/admin/operations-view";
import { staffMetadata } from "@/server/auth/staff-metadata";

export const generateMetadata = () => staffMetadata("Operations");

export default function AdminOperationsPage() {
  return (
    <Prefetched queries={(trpc) => [trpc.staff.operations.queryOptions()]}>
      <OperationsView />
    </Prefetched>
  );
}
