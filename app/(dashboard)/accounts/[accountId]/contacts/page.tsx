import { ContactsPanel } from "@/components/contacts/contacts-panel";
import { requireAccountPage } from "@/server/auth/require-account-page";

export const metadata = { title: "Contacts" };

export default async function ContactsPage({ params }: { params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  const { role } = await requireAccountPage(accountId);
  return <ContactsPanel accountId={accountId} canEdit={role !== "viewer"} isOwner={role === "owner"} />;
}
