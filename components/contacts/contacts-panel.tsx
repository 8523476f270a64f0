"use client";
import { useState } from "react";
import { PageHeader } from "../ui/page-header";
import { ModeToggle } from "../ui/mode-toggle";
import { ContactsTable } from "./contacts-table";
import { ContactLists } from "./contact-lists";
import { ImportContacts } from "./import-contacts";
import { ConsentSettings } from "./consent-settings";

/** The Contacts page (docs/decisions.md, "The dashboard pages"): who a broadcast can reach, their lists, and a CSV import previewed before it runs. */
export function ContactsPanel({
  accountId,
  canEdit,
  isOwner,
}: {
  accountId: string;
  canEdit: boolean;
  isOwner: boolean;
}) {
  const [mode, setMode] = useState<"live" | "test">("live");
  const [listId, setListId] = useState<string | undefined>();
  const changeMode = (next: "live" | "test") => {
    setMode(next);
    setListId(undefined);
  };
  return (
    <>
      <PageHeader
        title="Contacts"
        description="The people your broadcasts reach, one per phone number and one per email address. Replies of STOP and one-click unsubscribes are kept here."
        actions={<ModeToggle mode={mode} onChange={changeMode} />}
      />
      {/* The table takes the page's whole width: in two thirds of it, its Added column and each row's Delete were
          cut off at 1440 px. Lists and the import sit side by side above it. */}
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="min-w-0">
          <ContactLists accountId={accountId} mode={mode} canEdit={canEdit} />
        </div>
        {canEdit && (
          <div className="min-w-0">
            <ImportContacts key={mode} accountId={accountId} mode={mode} />
          </div>
        )}
      </div>
      <div className="mt-4 min-w-0">
        <ConsentSettings accountId={accountId} isOwner={isOwner} />
      </div>
      <div className="mt-4 min-w-0">
        <ContactsTable
          key={mode}
          accountId={accountId}
          mode={mode}
          listId={listId}
          onListChange={setListId}
          canEdit={canEdit}
        />
      </div>
    </>
  );
}
