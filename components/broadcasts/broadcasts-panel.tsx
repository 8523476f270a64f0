"use client";
import { useState } from "react";
import { PageHeader } from "../ui/page-header";
import { ModeToggle } from "../ui/mode-toggle";
import { Card } from "../ui/card";
import { BroadcastsList } from "./broadcasts-list";
import { NewBroadcast } from "./new-broadcast";
import { BroadcastDetail } from "./broadcast-detail";

/**
 * The Broadcasts page (docs/decisions.md, "The dashboard pages"): one message to a whole list, personalised, now or at a set time. A new broadcast
 * is a draft first, with its audience and estimated cost; then it is sent, and followed here as it goes.
 */
export function BroadcastsPanel({ accountId, canEdit }: { accountId: string; canEdit: boolean }) {
  const [mode, setMode] = useState<"live" | "test">("live");
  const [selected, setSelected] = useState<string | "new" | undefined>();
  return (
    <>
      <PageHeader
        title="Broadcasts"
        description="Bulk SMS and email to a list, at your plan's pace. Contacts who replied STOP or unsubscribed are skipped. Test mode sends through the sandbox."
        actions={
          <ModeToggle
            mode={mode}
            onChange={(m) => {
              setMode(m);
              setSelected(undefined);
            }}
          />
        }
      />
      <div className="grid gap-4 xl:grid-cols-5">
        <div className="min-w-0 xl:col-span-2">
          <BroadcastsList
            accountId={accountId}
            mode={mode}
            selected={selected}
            onSelect={setSelected}
            onNew={canEdit ? () => setSelected("new") : undefined}
          />
        </div>
        <div className="min-w-0 xl:col-span-3">
          {selected === "new" ? (
            <NewBroadcast accountId={accountId} mode={mode} onCreated={setSelected} />
          ) : selected ? (
            <BroadcastDetail key={selected} accountId={accountId} mode={mode} id={selected} canEdit={canEdit} />
          ) : (
            <Card title="Broadcast">
              <p className="text-sm text-muted">
                Choose a broadcast to follow it{canEdit ? ", or start a new one" : ""}.
              </p>
            </Card>
          )}
        </div>
      </div>
    </>
  );
}
