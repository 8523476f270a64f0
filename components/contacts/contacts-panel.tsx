"use client";
import { useState } from "react";
import { PageHeader } from "../ui/page-header";
import { ModeToggle } from "../ui/mode-toggle";
import { ContactsTable } from "./contacts-table";
import { ContactLists } from "./contact-lists";
import { ImportContacts } from "./import-contacts";

/** The Contacts page (docs/decisions.md, "The dashboard pages"): who a broadcast can reach, their lists, and a CSV import previewed before it runs. */
export function ContactsPanel({ accountId, canEdit }: { accountId: string; canEdit: boolean }) {
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
      <div className="grid gap-4 xl:grid-cols-3">
        <div className="min-w-0 xl:col-span-2">
          <ContactsTable
            key={mode}
            accountId={accountId}
            mode={mode}
            listId={listId}
            onListChange={setListId}
            canEdit={canEdit}
          />
        </div>
        <div className="grid min-w-0 content-start gap-4">
          <ContactLists accountId={accountId} mode={mode} canEdit={canEdit} />
          {canEdit && <ImportContacts key={mode} accountId={accountId} mode={mode} />}
        </div>
      </div>
    </>
  );
}
