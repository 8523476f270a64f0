"use client";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { CopyButton } from "../ui/copy-button";
import { DATE_TIME_MINUTES as time } from "../ui/format-time";

/** A new signing secret for the same URL; the old one keeps signing beside it for 24 hours. */
export function RotateSecret({
  accountId,
  graceUntil,
  onRotated,
}: {
  accountId: string;
  graceUntil: Date | null;
  onRotated: () => void;
}) {
  const trpc = useTRPC();
  const rotate = useMutation(trpc.webhooks.rotateSecret.mutationOptions({ onSuccess: onRotated }));
  return (
    <Card
      title="Signing secret"
      className="mt-6"
      actions={
        <Button variant="secondary" disabled={rotate.isPending} onClick={() => rotate.mutate({ accountId })}>
          Rotate secret
        </Button>
      }
    >
      <p className="text-sm text-slate-600">
        Rotating keeps the URL and events. For 24 hours every delivery carries two <code>webhook-signature</code>{" "}
        values, one per secret, so you can deploy the new secret without rejecting an event.{" "}
        <code>X-Service-Signature</code> uses the new secret at once.
      </p>
      {graceUntil && !rotate.data && (
        <p className="mt-2 text-sm text-slate-600">
          The previous secret still signs until {time.format(graceUntil)} UTC.
        </p>
      )}
      {rotate.error && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {rotate.error.message}
        </p>
      )}
      {rotate.data && (
        <div role="status" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          <p className="font-medium text-amber-900">
            New signing secret: shown once. The previous one works until{" "}
            {time.format(rotate.data.previousSecretExpiresAt)} UTC.
          </p>
          <div className="mt-2 flex items-center gap-2">
            <code data-testid="rotated-secret" className="break-all">
              {rotate.data.secret}
            </code>
            <CopyButton value={rotate.data.secret} label="Copy secret" />
          </div>
        </div>
      )}
    </Card>
  );
}
