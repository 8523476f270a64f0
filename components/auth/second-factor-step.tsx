"use client";
import { useState, type FormEvent } from "react";
import { signIn } from "next-auth/react";
import { startAuthentication } from "@simplewebauthn/browser";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Field } from "../ui/field";
import { Button } from "../ui/button";

export type Owed = { challenge: string; methods: string[] };

/** The sign-in's second step: a code from the app, a recovery code, or a passkey. */
export function SecondFactorStep({
  owed,
  onSignedIn,
  onRestart,
}: {
  owed: Owed;
  onSignedIn: () => void;
  onRestart: (message: string) => void;
}) {
  const trpc = useTRPC();
  const passkeyOptions = useMutation(trpc.auth.passkeySignInOptions.mutationOptions());
  const [mode, setMode] = useState<"totp" | "recovery">(owed.methods.includes("totp") ? "totp" : "recovery");
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function complete(proof: Record<string, string>) {
    setPending(true);
    setError(undefined);
    const result = await signIn("credentials", { challenge: owed.challenge, ...proof, redirect: false });
    setPending(false);
    if (result && !result.error) return onSignedIn();
    const message = result?.error ?? "Sign-in failed.";
    if (/Start again|already completed/.test(message)) return onRestart(message);
    setError(message);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    await complete(mode === "totp" ? { code: value } : { recoveryCode: value });
  }

  async function usePasskey() {
    setError(undefined);
    try {
      const optionsJSON = await passkeyOptions.mutateAsync({ challenge: owed.challenge });
      const answer = await startAuthentication({ optionsJSON });
      await complete({ passkey: JSON.stringify(answer) });
    } catch (e) {
      const message = (e as Error).message;
      if (/Start again/.test(message)) return onRestart(message);
      setError("The passkey did not answer. Try again, or use a code.");
    }
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">Your password is right. One more step: prove it is you.</p>
      {owed.methods.includes("passkey") && (
        <Button type="button" className="w-full py-2" disabled={pending} onClick={usePasskey}>
          Use a passkey
        </Button>
      )}
      <form onSubmit={onSubmit} className="space-y-4" aria-label="Second factor">
        <Field
          key={mode}
          id="code"
          name="code"
          label={mode === "totp" ? "Code from your authenticator app" : "Recovery code"}
          inputMode={mode === "totp" ? "numeric" : "text"}
          autoComplete="one-time-code"
          autoFocus
          required
          hint={
            mode === "totp"
              ? "The 6 digits the app shows for Kasa."
              : "One of the ten codes you saved, like abcde-fghjk."
          }
        />
        {error && (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        )}
        <Button
          type="submit"
          variant={owed.methods.includes("passkey") ? "secondary" : "primary"}
          className="w-full py-2"
          disabled={pending}
        >
          {pending ? "Checking…" : "Verify"}
        </Button>
      </form>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        {owed.methods.includes("totp") && (
          <button
            type="button"
            className="text-brand-700 hover:underline"
            onClick={() => setMode(mode === "totp" ? "recovery" : "totp")}
          >
            {mode === "totp" ? "Use a recovery code instead" : "Use the authenticator app"}
          </button>
        )}
        <button type="button" className="text-slate-600 hover:underline" onClick={() => onRestart("")}>
          Start over
        </button>
      </div>
    </div>
  );
}
