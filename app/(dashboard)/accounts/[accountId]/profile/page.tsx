import { SessionsPanel } from "@/components/profile/sessions-panel";
import { ChangePasswordForm } from "@/components/profile/change-password-form";
import { TwoFactorPanel } from "@/components/profile/two-factor-panel";
import { PageHeader } from "@/components/ui/page-header";
import { requireAccountPage } from "@/server/auth/require-account-page";

export const metadata = { title: "Profile" };

/** The signed-in person's own settings, whichever account they are looking at. */
export default async function ProfilePage({ params }: { params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  const { user } = await requireAccountPage(accountId);
  return (
    <>
      <PageHeader title="Profile" description={`Signed in as ${user.email}.`} />
      <div className="space-y-6">
        <ChangePasswordForm />
        <TwoFactorPanel />
        <SessionsPanel />
      </div>
    </>
  );
}
