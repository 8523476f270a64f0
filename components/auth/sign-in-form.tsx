"use client";
import { Link } from "../ui/link";
import { useState, type FormEvent } from "react";
import { useRouter, useSearchParams } from "next/navigation";
import { signIn } from "next-auth/react";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { SecondFactorStep, type Owed } from "./second-factor-step";
import { Field } from "../ui/field";
import { Button } from "../ui/button";
import { useHydrated } from "../ui/use-hydrated";

/**
 * Sign-in in two steps: the password, checked by the dashboard's RPC, opens a
 * sign-in; next-auth completes it with the token alone, or with the second
 * factor it still owes.
 */
export function SignInForm() {
  const hydrated = useHydrated();
  const trpc = useTRPC();
  const start = useMutation(trpc.auth.startSignIn.mutationOptions());
  const router = useRouter();
  const params = useSearchParams();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const [owed, setOwed] = useState<Owed>();

  function signedIn() {
    router.push(safeCallback(params.get("callbackUrl")));
    router.refresh();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(undefined);
    try {
      // A throttled sign-in says when to try again; a refused one stays vague about which part was wrong.
      const opened = await start.mutateAsync({
        email: String(form.get("email")),
        password: String(form.get("password")),
      });
      if (opened.methods.length) return setOwed(opened);
      const result = await signIn("credentials", { challenge: opened.challenge, redirect: false });
      if (!result || result.error) return setError(result?.error ?? "Sign-in failed; try again.");
      signedIn();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setPending(false);
    }
  }

  if (owed)
    return (
      <SecondFactorStep
        owed={owed}
        onSignedIn={signedIn}
        onRestart={(message) => {
          setOwed(undefined);
          setError(message);
        }}
      />
    );
  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <Field id="email" name="email" type="email" label="Email" autoComplete="email" required />
      <Field id="password" name="password" type="password" label="Password" autoComplete="current-password" required />
      <p className="-mt-2 text-right text-sm">
        <Link className="text-brand-700 hover:underline" href="/forgot-password">
          Forgot your password?
        </Link>
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <Button type="submit" className="w-full py-2" disabled={!hydrated || pending}>
        {pending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}

/** Only same-site paths: a callbackUrl must never send someone to another host. */
function safeCallback(value: string | null): string {
  if (!value) return "/dashboard";
  try {
    const url = new URL(value, window.location.origin);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}` : "/dashboard";
  } catch {
    return "/dashboard";
  }
}
