"use client";
import { Link } from "../ui/link";
import type { FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Field } from "../ui/field";
import { Button } from "../ui/button";
import { useHydrated } from "../ui/use-hydrated";
import { useFragmentToken } from "./use-fragment-token";

/** The reset link's page: a new password, then sign in with it (every session was ended). */
export function ResetPasswordForm() {
  const hydrated = useHydrated();
  const trpc = useTRPC();
  const token = useFragmentToken();
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions());

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token) return;
    reset.mutate({ token, password: String(new FormData(event.currentTarget).get("password")) });
  }

  if (token === null)
    return (
      <p role="alert" className="text-sm text-red-600">
        This link is incomplete. Open the link from the mail again.
      </p>
    );
  if (reset.isSuccess)
    return (
      <div className="space-y-4 text-sm text-slate-700">
        <p role="status">Your password is changed and every session was signed out.</p>
        <Link className="font-medium text-brand-700 hover:underline" href="/signin">
          Sign in with the new password
        </Link>
      </div>
    );
  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <Field
        id="password"
        name="password"
        type="password"
        label="New password"
        autoComplete="new-password"
        hint="At least 10 characters, mixing letters with digits, capitals or symbols."
        required
        error={reset.error?.message}
      />
      <Button type="submit" className="w-full py-2" disabled={!hydrated || reset.isPending || !token}>
        {reset.isPending ? "Saving…" : "Set new password"}
      </Button>
    </form>
  );
}
