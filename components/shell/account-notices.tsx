import { Link } from "../ui/link";
import type { AccountNotice } from "@/server/modules/accounts/account-notices";

const TONE = {
  red: "border-red-200 bg-red-50 text-red-800",
  amber: "border-amber-200 bg-amber-50 text-amber-900",
} as const;

/** Banners above every account page for things the owner has to act on. */
export function AccountNotices({ notices }: { notices: AccountNotice[] }) {
  if (!notices.length) return null;
  return (
    <div className="mb-6 space-y-2">
      {notices.map((n) => (
        <div
          key={n.id}
          role="alert"
          data-testid={`notice-${n.id}`}
          className={`flex flex-wrap items-center justify-between gap-3 rounded-md border px-4 py-3 text-sm ${TONE[n.tone]}`}
        >
          <span>{n.text}</span>
          <Link href={n.href} className="font-medium underline underline-offset-2">
            {n.action}
          </Link>
        </div>
      ))}
    </div>
  );
}
