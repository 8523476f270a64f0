"use client";
import type { FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Field } from "../ui/field";
import { Button } from "../ui/button";
import { useHydrated } from "../ui/use-hydrated";
import { handOffFirstKey } from "../onboarding/first-key-handoff";

/** For a signed-in person with no account: makes one they own and opens it. */
export function CreateAccountForm() {
  const hydrated = useHydrated();
  const router = useRouter();
  const trpc = useTRPC();
  const create = useMutation(
    trpc.account.create.mutationOptions({
      // Its test key is shown once, in the welcome step, as after sign-up.
      onSuccess: (account) => {
        handOffFirstKey(account.id, account.testKey);
        router.push(`/accounts/${account.id}/get-started`);
      },
    }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate({ name: String(new FormData(event.currentTarget).get("name")) });
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <Field
        id="name"
        name="name"
        label="Account name"
        hint="Your company or project."
        autoComplete="organization"
        required
        maxLength={100}
        error={create.error?.message}
      />
      <Button type="submit" className="w-full py-2" disabled={!hydrated || create.isPending || create.isSuccess}>
        {create.isPending || create.isSuccess ? "Creating…" : "Create account"}
      </Button>
    </form>
  );
}
