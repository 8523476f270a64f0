"use client";
import { Link } from "../ui/link";
import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { signIn } from "next-auth/react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Field } from "../ui/field";
import { Button } from "../ui/button";
import { useHydrated } from "../ui/use-hydrated";
import { useFragmentToken } from "./use-fragment-token";

const STASH = "kasa-invite-token";

/**
 * An invite link: which account, which role. Signed in as the invited
 * address: accept. Someone new: choose a password and join. Someone with a
 * sign-in who is signed out: sign in and come back (the token waits in this
 * tab's sessionStorage, never in a URL).
 */
export function InviteView({ signedIn }: { signedIn: boolean }) {
  const hydrated = useHydrated();
  const trpc = useTRPC();
  const router = useRouter();
  const token = useFragmentToken(STASH);
  const invite = useQuery({ ...trpc.auth.invite.queryOptions({ token: token ?? "" }), enabled: !!token, retry: false });
  const accept = useMutation(trpc.auth.acceptInvite.mutationOptions());
  const join = useMutation(trpc.auth.acceptInviteWithSignUp.mutationOptions());

  function done(accountId: string) {
    sessionStorage.removeItem(STASH);
    router.push(`/accounts/${accountId}`);
    router.refresh();
  }

  async function onJoin(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token || !invite.data) return;
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password"));
    const joined = await join
      .mutateAsync({ token, password, name: String(form.get("name") || "") || undefined })
      .catch(() => null);
    if (!joined) return;
    const signedIn = await signIn("credentials", { email: joined.email, password, redirect: false });
    if (signedIn?.error) return router.push("/signin");
    done(joined.accountId);
  }

  if (token === null)
    return (
      <p role="alert" className="text-sm text-red-600">
        This link is incomplete. Open the link from the mail again.
      </p>
    );
  if (invite.isError)
    return (
      <p role="alert" className="text-sm text-red-600">
        {invite.error.message}
      </p>
    );
  if (!invite.data) return <p className="text-sm text-slate-600">Opening the invite…</p>;

  const { accountName, email, role, hasSignIn } = invite.data;
  const summary = (
    <p className="text-sm text-slate-700">
      You are invited to <strong>{accountName}</strong> as <strong>{role}</strong>, for <strong>{email}</strong>.
    </p>
  );

  if (signedIn)
    return (
      <div className="space-y-4">
        {summary}
        {accept.error && (
          <p role="alert" className="text-sm text-red-600">
            {accept.error.message}
          </p>
        )}
        <Button
          className="w-full py-2"
          disabled={accept.isPending}
          onClick={() => accept.mutate({ token: token! }, { onSuccess: (r) => done(r.accountId) })}
        >
          Accept and open {accountName}
        </Button>
      </div>
    );

  if (hasSignIn)
    return (
      <div className="space-y-4">
        {summary}
        <p className="text-sm text-slate-600">Sign in as {email}, and this invite opens again to accept.</p>
        <Link
          className="inline-flex w-full justify-center rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700"
          href={`/signin?callbackUrl=${encodeURIComponent("/invite")}`}
        >
          Sign in to accept
        </Link>
      </div>
    );

  return (
    <form onSubmit={onJoin} className="space-y-4">
      {summary}
      <Field id="name" name="name" label="Your name (optional)" autoComplete="name" />
      <Field
        id="password"
        name="password"
        type="password"
        label="Choose a password"
        autoComplete="new-password"
        hint="At least 10 characters, mixing letters with digits, capitals or symbols."
        required
        error={join.error?.message}
      />
      <Button type="submit" className="w-full py-2" disabled={!hydrated || join.isPending}>
        {join.isPending ? "Joining…" : `Join ${accountName}`}
      </Button>
    </form>
  );
}
