"use client";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";

/** Until the address is verified: live keys wait, and the link can be sent again. */
export function VerifyEmailBanner({ email }: { email: string }) {
  const trpc = useTRPC();
  const resend = useMutation(trpc.profile.resendVerification.mutationOptions());
  return (
    <div
      role="region"
      aria-label="Email verification"
      data-testid="verify-email-banner"
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <span>
        Verify <strong>{email}</strong> to use live keys: follow the link we mailed you. Test keys work meanwhile.
      </span>
      {resend.isSuccess ? (
        <span role="status">
          {resend.data.mailed
            ? "A new link is on its way."
            : "Not mailed: this deployment has no mail relay (SMTP_URL), so the link was written to the server log. Whoever runs Kasa can read it there."}
        </span>
      ) : (
        <button
          type="button"
          className="font-medium underline underline-offset-2"
          disabled={resend.isPending}
          onClick={() => resend.mutate()}
        >
          Resend the link
        </button>
      )}
      {resend.error && (
        <span role="alert" className="w-full text-red-700">
          {resend.error.message}
        </span>
      )}
    </div>
  );
}
