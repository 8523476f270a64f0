"use client";
import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Field } from "../ui/field";
import { passwordWeakness } from "@/server/modules/users/password-rule";
import { Button } from "../ui/button";
import { useHydrated } from "../ui/use-hydrated";
import { handOffFirstKey } from "../onboarding/first-key-handoff";

type FieldErrors = Partial<Record<"name" | "email" | "password" | "form", string>>;

export function SignUpForm() {
  const hydrated = useHydrated();
  const trpc = useTRPC();
  const router = useRouter();
  const [errors, setErrors] = useState<FieldErrors>({});
  const signUp = useMutation(trpc.auth.signUp.mutationOptions());

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = {
      name: String(form.get("name") || "") || undefined,
      email: String(form.get("email")),
      password: String(form.get("password")),
    };
    // Checked here first: a weak password is said at once, with no round trip.
    const weakness = passwordWeakness(input.password);
    if (weakness) return setErrors({ password: weakness });
    setErrors({});
    let made: { accountId: string; testKey: string };
    try {
      made = await signUp.mutateAsync(input);
    } catch (error) {
      setErrors(fieldErrors(error));
      return;
    }
    const result = await signIn("credentials", { email: input.email, password: input.password, redirect: false });
    if (result?.error) return setErrors({ form: "Your account was created but signing in failed; try signing in." });
    // The welcome step shows the test key once; it goes there in memory, over a client-side navigation.
    handOffFirstKey(made.accountId, made.testKey);
    router.push(`/accounts/${made.accountId}/get-started`);
    router.refresh();
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field
        id="name"
        name="name"
        label="Account name"
        placeholder="Acme Ltd"
        autoComplete="organization"
        error={errors.name}
        hint="Optional; you can change it later on the Settings page."
      />
      <Field id="email" name="email" type="email" label="Email" autoComplete="email" required error={errors.email} />
      <Field
        id="password"
        name="password"
        type="password"
        label="Password"
        autoComplete="new-password"
        required
        error={errors.password}
        hint="At least 10 characters, mixing letters with digits, capitals or symbols."
      />
      {errors.form && (
        <p role="alert" className="text-sm text-red-600">
          {errors.form}
        </p>
      )}
      <Button type="submit" className="w-full py-2" disabled={!hydrated || signUp.isPending}>
        {signUp.isPending ? "Creating account…" : "Create account"}
      </Button>
    </form>
  );
}

function fieldErrors(error: unknown): FieldErrors {
  const app = (
    error as {
      data?: { app?: { code: string; context: { reason?: string; errors?: { loc: string[]; msg: string }[] } } };
    }
  ).data?.app;
  if (app?.code === "CONFLICT" && app.context.reason === "email_taken")
    return { email: "An account with this email already exists. Sign in instead." };
  const out: FieldErrors = {};
  for (const issue of app?.context.errors ?? []) {
    const field = issue.loc[0] as keyof FieldErrors;
    if (field && !out[field]) out[field] = issue.msg;
  }
  return Object.keys(out).length ? out : { form: (error as Error).message || "Something went wrong; try again." };
}
