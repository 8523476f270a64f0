import { Link } from "@/components/ui/link";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { CreateAccountForm } from "@/components/auth/create-account-form";
import { getSessionUser } from "@/server/auth/session-user";

export const metadata = { title: "Create or join an account" };

/** Where a signed-in person with no account lands (/dashboard sends them here): make one, or join by invite. */
export default async function WelcomePage() {
  const user = await getSessionUser();
  if (!user) redirect("/signin?callbackUrl=/welcome");
  return (
    <AuthCard
      title="Create or join an account"
      subtitle={`You are signed in as ${user.email} and are not a member of any account yet.`}
      footer={
        <>
          Joining a team? Open the invite link a teammate mailed to {user.email}.
          {user.isStaff && (
            <>
              {" "}
              Staff:{" "}
              <Link className="font-medium text-brand-700 hover:underline" href="/admin">
                open the staff console
              </Link>
              .
            </>
          )}
        </>
      }
    >
      <CreateAccountForm />
    </AuthCard>
  );
}
