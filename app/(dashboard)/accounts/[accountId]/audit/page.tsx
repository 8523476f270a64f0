import { notFound } from "next/navigation";
import { AuditLog } from "@/components/audit/audit-log";
import { PageHeader } from "@/components/ui/page-header";
import { requireAccountPage } from "@/server/auth/require-account-page";

export const metadata = { title: "Audit log" };

/** Owners only: it names every member and what they did. */
export default async function AuditPage({ params }: { params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  const { role } = await requireAccountPage(accountId);
  if (role !== "owner") notFound();
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Who changed what in this account, and when: keys, webhooks, domains, senders, members, billing and sign-ins from new devices. Actions by Kasa support are marked."
      />
      <AuditLog accountId={accountId} />
    </>
  );
}
