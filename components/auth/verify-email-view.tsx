"use client";
import { Link } from "../ui/link";
import { useEffect, useRef } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { useFragmentToken } from "./use-fragment-token";

/** Following the verification link: the address is confirmed at once, or the page says why not. */
export function VerifyEmailView() {
  const trpc = useTRPC();
  const token = useFragmentToken();
  const verify = useMutation(trpc.auth.verifyEmail.mutationOptions());
  const sent = useRef(false);
  useEffect(() => {
    if (token && !sent.current) {
      sent.current = true;
      verify.mutate({ token });
    }
  }, [token, verify]);

  if (token === null)
    return (
      <p role="alert" className="text-sm text-red-600">
        This link is incomplete. Open the link from the mail again.
      </p>
    );
  if (verify.isSuccess)
    return (
      <div className="space-y-4 text-sm text-slate-700">
        <p role="status">
          <strong>{verify.data.email}</strong> is verified. Live keys work now.
        </p>
        <Link className="font-medium text-brand-700 hover:underline" href="/dashboard">
          Go to the dashboard
        </Link>
      </div>
    );
  if (verify.isError)
    return (
      <div className="space-y-4 text-sm">
        <p role="alert" className="text-red-600">
          {verify.error.message}
        </p>
        <p className="text-slate-600">Signed in? The dashboard banner sends a new link.</p>
      </div>
    );
  return <p className="text-sm text-slate-600">Checking the link…</p>;
}
