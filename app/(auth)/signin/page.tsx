import { Link } from "@/components/ui/link";
import { Suspense } from "react";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { SignInForm } from "@/components/auth/sign-in-form";
import { getSessionUser } from "@/server/auth/session-user";

export const metadata = { title: "Sign in" };

export default async function SignInPage() {
  if (await getSessionUser()) redirect("/dashboard");
  return (
    <AuthCard
      title="Sign in to Kasa"
      subtitle="Welcome back."
      footer={
        <>
          New to Kasa?{" "}
          <Link className="font-medium text-brand-700 hover:underline" href="/signup">
            Create an account
          </Link>
        </>
      }
    >
      <Suspense>
        <SignInForm />
      </Suspense>
    </AuthCard>
  );
}
