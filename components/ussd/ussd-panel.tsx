"use client";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { PageHeader } from "../ui/page-header";
import { ModeToggle } from "../ui/mode-toggle";
import { UssdCodeSettings } from "./ussd-code-settings";
import { PhoneSimulator } from "./phone-simulator";
import { UssdSessionsLog } from "./ussd-sessions-log";
import { UssdSessionsChart } from "./ussd-sessions-chart";

/**
 * The USSD page (issue #41): the account's codes and where their app lives, a phone to try a menu on (the simulator,
 * test sessions through the same callbacks, pages and timeouts), sessions per day by how they ended, and the sessions log with each hop.
 */
export function UssdPanel({ accountId, canEdit }: { accountId: string; canEdit: boolean }) {
  const trpc = useTRPC();
  const [mode, setMode] = useState<"live" | "test">("test");
  const codes = useQuery({ ...trpc.ussd.codes.queryOptions({ accountId }), enabled: canEdit });
  return (
    <>
      <PageHeader
        title="USSD"
        description="Menus on any phone (*384*100#): each screen is a POST to your app, which answers CON or END as Africa's Talking's apps do. Try it on the phone below, with no carrier."
        actions={<ModeToggle mode={mode} onChange={setMode} />}
      />
      <div className="grid gap-4">
        {canEdit && codes.data && (
          <div className="grid gap-4 lg:grid-cols-2">
            <UssdCodeSettings accountId={accountId} codes={codes.data.codes} />
            <PhoneSimulator accountId={accountId} codes={codes.data.codes} />
          </div>
        )}
        {canEdit && codes.error && (
          <p role="alert" className="text-sm text-red-600">
            {codes.error.message}
          </p>
        )}
        <UssdSessionsChart accountId={accountId} mode={mode} />
        <UssdSessionsLog accountId={accountId} mode={mode} />
      </div>
    </>
  );
}
