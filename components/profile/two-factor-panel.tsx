"use client";
import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { startRegistration } from "@simplewebauthn/browser";
import { useTRPC } from "../trpc/client";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { RecoveryCodes } from "./recovery-codes";
import { PasswordConfirm } from "./password-confirm";
import { DATE_ONLY, utcTime } from "../ui/format-time";

/** Second factors: an authenticator app (QR code) and passkeys, with the recovery codes they bring. */
export function TwoFactorPanel({ onEnrolled }: { onEnrolled?: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const status = useQuery(trpc.twoFactor.status.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.twoFactor.status.queryKey() });
  const [codes, setCodes] = useState<string[] | null>(null);
  const startTotp = useMutation(trpc.twoFactor.startTotp.mutationOptions());
  const confirmTotp = useMutation(trpc.twoFactor.confirmTotp.mutationOptions());
  const removeTotp = useMutation(trpc.twoFactor.removeTotp.mutationOptions({ onSuccess: refresh }));
  const passkeyOptions = useMutation(trpc.twoFactor.passkeyOptions.mutationOptions());
  const registerPasskey = useMutation(trpc.twoFactor.registerPasskey.mutationOptions());
  const removePasskey = useMutation(trpc.twoFactor.removePasskey.mutationOptions({ onSuccess: refresh }));
  const regenerate = useMutation(trpc.twoFactor.regenerateRecoveryCodes.mutationOptions({ onSuccess: refresh }));
  const [passkeyError, setPasskeyError] = useState<string>();

  function enrolled(result: { recoveryCodes: string[] | null }) {
    if (result.recoveryCodes) setCodes(result.recoveryCodes);
    void refresh();
    onEnrolled?.();
  }

  function onConfirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code"));
    confirmTotp.mutate({ code }, { onSuccess: (r) => (startTotp.reset(), enrolled(r)) });
  }

  async function addPasskey(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get("passkeyName") || "Passkey");
    setPasskeyError(undefined);
    try {
      const optionsJSON = await passkeyOptions.mutateAsync({ password: String(form.get("passkeyPassword")) });
      const response = await startRegistration({ optionsJSON });
      enrolled(await registerPasskey.mutateAsync({ name, response: response as unknown as Record<string, unknown> }));
    } catch (e) {
      setPasskeyError((e as Error).message || "The passkey was not added.");
    }
  }

  const s = status.data;
  return (
    <section aria-label="Two-factor authentication" className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="border-b border-slate-200 px-4 py-3">
        <h2 className="text-base font-semibold text-slate-900">Two-factor authentication</h2>
        <p className="text-sm text-slate-600">
          {s?.required
            ? "Staff must keep at least one second factor."
            : "A second step after your password: a code from an app, or a passkey."}
        </p>
      </div>
      <div className="space-y-6 px-4 py-4 text-sm">
        {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}

        <div className="space-y-3">
          <h3 className="font-medium text-slate-900">Authenticator app</h3>
          {s?.totpEnabledAt ? (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-slate-700" data-testid="totp-status">
                On since {DATE_ONLY.format(new Date(s.totpEnabledAt))}.
              </p>
              <PasswordConfirm
                label="Turn off"
                pending={removeTotp.isPending}
                error={removeTotp.error?.message}
                onConfirm={(password) => removeTotp.mutate({ password })}
              />
            </div>
          ) : startTotp.data ? (
            <form onSubmit={onConfirm} className="space-y-3" aria-label="Confirm authenticator app">
              <p className="text-slate-700">Scan this with your authenticator app, then enter the code it shows.</p>
              <div
                className="h-44 w-44 rounded border border-slate-200 bg-white p-1"
                role="img"
                aria-label="QR code for your authenticator app"
                // The SVG is made by the qrcode library on our server from our own otpauth URI.
                dangerouslySetInnerHTML={{ __html: startTotp.data.qrSvg }}
              />
              <p className="break-all text-slate-600">
                Or type this key: <code data-testid="totp-secret">{startTotp.data.secret}</code>
              </p>
              <div className="max-w-xs">
                <Field
                  id="code"
                  name="code"
                  label="Code from the app"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  required
                  error={confirmTotp.error?.message}
                />
              </div>
              <Button type="submit" disabled={confirmTotp.isPending}>
                Turn on
              </Button>
            </form>
          ) : (
            <PasswordConfirm
              label="Set up an authenticator app"
              submitVariant="primary"
              pending={startTotp.isPending}
              error={startTotp.error?.message}
              onConfirm={(password) => startTotp.mutate({ password })}
            />
          )}
        </div>

        <div className="space-y-3">
          <h3 className="font-medium text-slate-900">Passkeys</h3>
          {s?.passkeys.length ? (
            <ul className="divide-y divide-slate-100 rounded border border-slate-200">
              {s.passkeys.map((p) => (
                <li
                  key={p.id}
                  className="flex flex-wrap items-center justify-between gap-3 px-3 py-2"
                  data-testid="passkey-row"
                >
                  <span className="min-w-0 text-slate-900">
                    {p.name}
                    <span className="block text-slate-600">
                      Added {DATE_ONLY.format(new Date(p.createdAt))}
                      {p.lastUsedAt ? ` · last used ${utcTime(p.lastUsedAt)}` : ""}
                    </span>
                  </span>
                  <PasswordConfirm
                    label="Remove"
                    accessibleLabel={`Remove passkey ${p.name}`}
                    pending={removePasskey.isPending}
                    error={removePasskey.error?.message}
                    onConfirm={(password) => removePasskey.mutate({ id: p.id, password })}
                  />
                </li>
              ))}
            </ul>
          ) : null}
          <form onSubmit={addPasskey} className="flex flex-wrap items-end gap-3" aria-label="Add a passkey">
            <div className="w-56">
              <Field
                id="passkeyName"
                name="passkeyName"
                label="Passkey name"
                placeholder="e.g. YubiKey"
                maxLength={60}
              />
            </div>
            <div className="w-56">
              <Field
                id="passkeyPassword"
                name="passkeyPassword"
                type="password"
                label="Your password"
                autoComplete="current-password"
                required
              />
            </div>
            <Button type="submit" variant="secondary" disabled={passkeyOptions.isPending || registerPasskey.isPending}>
              Add a passkey
            </Button>
          </form>
          {passkeyError && (
            <p role="alert" className="text-red-600">
              {passkeyError}
            </p>
          )}
        </div>

        {s && (s.totpEnabledAt || s.passkeys.length > 0) && (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-slate-700" data-testid="recovery-left">
              {s.recoveryCodesLeft} of 10 recovery codes left.
            </p>
            <PasswordConfirm
              label="New recovery codes"
              pending={regenerate.isPending}
              error={regenerate.error?.message}
              onConfirm={(password) => regenerate.mutate({ password }, { onSuccess: (r) => setCodes(r.recoveryCodes) })}
            />
          </div>
        )}
      </div>
    </section>
  );
}
