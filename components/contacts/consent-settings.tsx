"use client";
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { Button } from "../ui/button";

/**
 * The account's consent settings and the export: a reply of START (or the account's own keyword) records SMS consent;
 * promotional SMS to Ghana goes only to contacts with consent on record; owners may ask the same of promotional email,
 * change the keyword, and download every record as CSV for an audit.
 */
export function ConsentSettings({ accountId, isOwner }: { accountId: string; isOwner: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data } = useQuery(trpc.contacts.consentSettings.queryOptions({ accountId }));
  const save = useMutation(
    trpc.contacts.setConsentSettings.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.contacts.consentSettings.queryKey() }),
    }),
  );
  const [keyword, setKeyword] = useState<string | undefined>();
  const [emailRequired, setEmailRequired] = useState<boolean | undefined>();
  if (!data) return null;
  const shownKeyword = keyword ?? data.keyword ?? "";
  const shownEmail = emailRequired ?? data.emailConsentRequired;
  return (
    <Card title="Consent">
      <p className="mb-3 text-sm text-slate-600">
        Promotional SMS to Ghana reaches only contacts with SMS consent on record (set through the API, a CSV
        import&apos;s <code>sms_consent</code> column, a reply of START{data.keyword ? ` or ${data.keyword}` : ""}, or
        here on a contact). Transactional messages are never held.
      </p>
      {isOwner ? (
        <form
          className="flex flex-wrap items-end gap-3 text-sm"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate({ accountId, keyword: shownKeyword.trim() || null, emailConsentRequired: shownEmail });
          }}
        >
          <label htmlFor="consent-keyword">
            <span className="block text-xs font-medium text-slate-600">Opt-in keyword (besides START)</span>
            <input
              id="consent-keyword"
              value={shownKeyword}
              onChange={(e) => setKeyword(e.target.value)}
              placeholder="JOIN"
              maxLength={20}
              className="mt-1 w-32 rounded-md border border-slate-300 px-2 py-1.5 text-sm uppercase"
            />
          </label>
          <label className="flex items-center gap-1.5">
            <input type="checkbox" checked={shownEmail} onChange={(e) => setEmailRequired(e.target.checked)} />
            Send promotional email only to contacts with email consent
          </label>
          <Button type="submit" variant="secondary" disabled={save.isPending}>
            Save
          </Button>
          {save.isSuccess && (
            <span role="status" className="text-xs text-brand-700">
              Saved.
            </span>
          )}
          {save.error && (
            <span role="alert" className="w-full text-xs text-red-600">
              {save.error.message}
            </span>
          )}
        </form>
      ) : (
        <p className="text-sm text-slate-600">
          Keyword: {data.keyword ?? "START only"} · promotional email{" "}
          {data.emailConsentRequired ? "only with consent" : "to every subscribed contact"}.
        </p>
      )}
      {isOwner && (
        <p className="mt-3 text-sm">
          <a className="text-brand-700 underline" href={`/accounts/${accountId}/contacts/consent`} download>
            Download consent records (CSV)
          </a>
        </p>
      )}
    </Card>
  );
}
