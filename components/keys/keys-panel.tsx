"use client";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useTRPC } from "../trpc/client";
import { Button } from "../ui/button";
import { PageHeader } from "../ui/page-header";
import { CreateKeyForm } from "./create-key-form";
import { NewKeyNotice } from "./new-key-notice";
import { KeysTable } from "./keys-table";

export function KeysPanel({ accountId, canManage }: { accountId: string; canManage: boolean }) {
  const trpc = useTRPC();
  const keys = useQuery(trpc.keys.list.queryOptions({ accountId }));
  const [creating, setCreating] = useState(false);
  const [newKey, setNewKey] = useState<{ name: string; key: string }>();

  return (
    <>
      <PageHeader
        title="API keys"
        description="Test keys use the sandbox and never charge; live keys send real messages and draw on your balance. A key is shown once, when you create it."
        actions={
          canManage && !creating ? (
            <Button
              onClick={() => {
                setCreating(true);
                setNewKey(undefined);
              }}
            >
              <Plus aria-hidden className="h-4 w-4" /> Create key
            </Button>
          ) : null
        }
      />
      {newKey && <NewKeyNotice name={newKey.name} fullKey={newKey.key} onDone={() => setNewKey(undefined)} />}
      {creating && (
        <CreateKeyForm
          accountId={accountId}
          onCancel={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            setNewKey(created);
          }}
        />
      )}
      {keys.error && (
        <p role="alert" className="text-sm text-red-600">
          {keys.error.message}
        </p>
      )}
      {keys.data ? (
        <KeysTable accountId={accountId} keys={keys.data} canManage={canManage} />
      ) : (
        !keys.error && <p className="text-sm text-muted">Loading…</p>
      )}
    </>
  );
}
