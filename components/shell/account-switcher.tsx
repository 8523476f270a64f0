"use client";
import { useRouter } from "next/navigation";
import type { AccountListItem } from "@/server/modules/accounts/list-user-accounts";

export function AccountSwitcher({ accountId, accounts }: { accountId: string; accounts: AccountListItem[] }) {
  const router = useRouter();
  const current = accounts.find((a) => a.id === accountId);
  if (accounts.length < 2) {
    return (
      <div className="px-6">
        <p className="truncate text-sm font-medium text-slate-900" title={current?.name}>
          {current?.name}
        </p>
        <p className="text-xs capitalize text-muted">
          {current?.plan} plan · {current?.role}
        </p>
      </div>
    );
  }
  return (
    <label className="block px-6">
      <span className="sr-only">Account</span>
      <select
        value={accountId}
        onChange={(e) => router.push(`/accounts/${e.target.value}`)}
        className="w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
      >
        {accounts.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </select>
    </label>
  );
}
