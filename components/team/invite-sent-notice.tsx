"use client";
import { CopyButton } from "../ui/copy-button";

/**
 * What became of an invite: mailed, or (on a deployment with no mail relay) not mailed, with the link for the owner
 * to pass on themselves. A page never says "sent" for a mail that was not.
 */
export function InviteSentNotice({ email, mailed, link }: { email: string; mailed: boolean; link?: string }) {
  if (mailed)
    return (
      <p role="status" className="w-full text-sm text-slate-700">
        Invite mailed to {email}. The link works once, for 7 days.
      </p>
    );
  return (
    <div role="status" className="w-full space-y-1 text-sm text-amber-900" data-testid="invite-link">
      <p>
        Not mailed: this deployment has no mail relay (<code>SMTP_URL</code>). Send {email} this link yourself; it works
        once, for 7 days.
      </p>
      {link && (
        <p className="flex items-center gap-2">
          <code className="min-w-0 break-all rounded bg-amber-50 px-1.5 py-0.5 text-xs">{link}</code>
          <CopyButton value={link} label="Copy the invite link" />
        </p>
      )}
    </div>
  );
}
