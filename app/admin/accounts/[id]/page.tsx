import { Prefetched } from "@/server/trpc/prefetched";
import { AccountView } from "@/components/admin/account-view";
import { staffMetadata } from "@/server/auth/staff-metadata";
import { requireStaffPage } from "@/server/auth/require-staff-page";

type Params = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Params) {
  return staffMetadata(`Account ${decodeURIComponent((await params).id)}`);
}

export default async function AdminAccountPage({ params }: Params) {
  await requireStaffPage();
  const id = decodeURIComponent((await params).id);
  return (
    <Prefetched queries={(trpc) => [trpc.staff.account.queryOptions({ id }), trpc.staff.ussd.queryOptions({ id })]}>
      <AccountView id={id} />
    </Prefetched>
  );
}
