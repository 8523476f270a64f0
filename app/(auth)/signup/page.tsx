import { Link } from "@/components/ui/link";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { SignUpForm } from "@/components/auth/sign-up-form";
import { getSessionUser } from "@/server/auth/session-user";

export const metadata = { title: "Create your account" };

export default async function SignUpPage() {
  if (await getSessionUser()) redirect("/dashboard");
  return (
    <AuthCard
      title="Create your Kasa account"
      subtitle="Free plan, a test key and a live key, ready in seconds."
      footer={
        <>
          Already have an account?{" "}
          <Link className="font-medium text-brand-700 hover:underline" href="/signin">
            Sign in
          </Link>
        </>
      }
    >
      <SignUpForm />
    </AuthCard>
  );
}
