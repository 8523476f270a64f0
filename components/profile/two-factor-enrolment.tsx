"use client";
import { Link } from "../ui/link";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Logo } from "../ui/logo";
import { SignOutButton } from "../shell/sign-out-button";
import { TwoFactorPanel } from "./two-factor-panel";

/** The enrolment page: the panel on its own, and the way on once a factor is set up. */
export function TwoFactorEnrolment({ email, isStaff }: { email: string; isStaff: boolean }) {
  const trpc = useTRPC();
  const me = useQuery(trpc.profile.me.queryOptions());
  const done = me.data?.hasSecondFactor;
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <div className="flex items-center justify-between gap-3">
        <Logo className="text-xl" />
        <SignOutButton />
      </div>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Set up two-factor authentication</h1>
        <p className="mt-1 text-sm text-slate-600">
          Signed in as {email}.{" "}
          {isStaff ? "The staff console moves money: staff need a second factor before anything else." : ""}
        </p>
      </div>
      <TwoFactorPanel onEnrolled={() => void me.refetch()} />
      {done && (
        <Link
          href={isStaff ? "/admin" : "/dashboard"}
          className="inline-flex rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          Continue to {isStaff ? "the staff console" : "the dashboard"}
        </Link>
      )}
    </main>
  );
}
