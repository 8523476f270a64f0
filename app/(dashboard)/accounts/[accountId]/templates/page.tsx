import { TemplatesPanel } from "@/components/templates/templates-panel";
import { requireAccountPage } from "@/server/auth/require-account-page";

export const metadata = { title: "Templates" };

export default async function TemplatesPage({ params }: { params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  const { role } = await requireAccountPage(accountId);
  return <TemplatesPanel accountId={accountId} canEdit={role !== "viewer"} />;
}
