"use client";
import { useState } from "react";
import { PageHeader } from "../ui/page-header";
import { ModeToggle } from "../ui/mode-toggle";
import { VerifyFigures } from "./verify-figures";
import { VerificationsTable } from "./verifications-table";
import { FraudBlocks } from "./fraud-blocks";
import { GeoPermissions } from "./geo-permissions";

/** The Verify page (docs/decisions.md, "Verify"): what codes did, what they cost, and the fraud guard's settings and blocks. */
export function VerifyPanel({ accountId, isOwner }: { accountId: string; isOwner: boolean }) {
  const [mode, setMode] = useState<"live" | "test">("live");
  return (
    <>
      <PageHeader
        title="Verify"
        description="One-time codes by SMS or email: POST /api/v1/verify/send, then /verify/check. Days are UTC."
        actions={<ModeToggle mode={mode} onChange={setMode} />}
      />
      <div className="grid gap-4">
        <VerifyFigures accountId={accountId} mode={mode} />
        <VerificationsTable accountId={accountId} mode={mode} />
        <div className="grid gap-4 lg:grid-cols-2">
          <FraudBlocks accountId={accountId} mode={mode} canLift={isOwner} />
          <GeoPermissions accountId={accountId} canEdit={isOwner} />
        </div>
      </div>
    </>
  );
}
