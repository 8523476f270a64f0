"use client";
import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Field } from "../ui/field";
import { Button } from "../ui/button";
import { useHydrated } from "../ui/use-hydrated";

/** Asks for a reset link; says the same thing whether or not the address has an account. */
export function ForgotPasswordForm() {
  const hydrated = useHydrated();
  const trpc = useTRPC();
  const request = useMutation(trpc.auth.requestPasswordReset.mutationOptions());
  const [email, setEmail] = useState("");

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get("email"));
    setEmail(typed);
    request.mutate({ email: typed });
  }

  if (request.isSuccess)
    return (
      <p role="status" className="text-sm text-slate-700">
        If <strong>{email}</strong> has a Kasa sign-in, a reset link is on its way. It works once, for one hour.
      </p>
    );
  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <Field
        id="email"
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        required
        error={request.error?.message}
      />
      <Button type="submit" className="w-full py-2" disabled={!hydrated || request.isPending}>
        {request.isPending ? "Sending…" : "Send reset link"}
      </Button>
    </form>
  );
}
