import { AuthCard } from "@/components/auth/auth-card";
import { InviteView } from "@/components/auth/invite-view";
import { getSessionUser } from "@/server/auth/session-user";

export const metadata = { title: "Join a team" };

export default async function InvitePage() {
  const user = await getSessionUser();
  return (
    <AuthCard
      title="Join a team on Kasa"
      subtitle={user ? `Signed in as ${user.email}.` : "An account's owner invited you."}
      footer={null}
    >
      <InviteView signedIn={!!user} />
    </AuthCard>
  );
}
