"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { PageHeader } from "../ui/page-header";
import { ConnectNumberForm } from "./connect-number-form";
import { WhatsappNumbersList } from "./whatsapp-numbers-list";
import { SandboxCard } from "./sandbox-card";
import { WhatsappConversations } from "./whatsapp-conversations";

/**
 * The WhatsApp page (issue #42): the account's Business numbers on Meta's Cloud API and connecting one, the sandbox
 * with its test form, and the conversations both ways.
 */
export function WhatsappPanel({ accountId, canEdit }: { accountId: string; canEdit: boolean }) {
  const trpc = useTRPC();
  const numbers = useQuery(trpc.whatsapp.numbers.queryOptions({ accountId }));
  const sandbox = numbers.data?.numbers.find((n) => n.sandbox);
  return (
    <>
      <PageHeader
        title="WhatsApp"
        description="Connect your WhatsApp Business number from Meta's Cloud API: Kasa keeps its token sealed and receives its messages and receipts on the webhook it gives you. Or try the sandbox first."
      />
      <div className="grid gap-4">
        <div className="grid gap-4 lg:grid-cols-2">
          <WhatsappNumbersList accountId={accountId} canEdit={canEdit} numbers={numbers.data?.numbers} />
          {canEdit && numbers.data && <SandboxCard accountId={accountId} sandboxId={sandbox?.id ?? null} />}
          {canEdit && <ConnectNumberForm accountId={accountId} />}
        </div>
        <WhatsappConversations accountId={accountId} />
      </div>
    </>
  );
}
