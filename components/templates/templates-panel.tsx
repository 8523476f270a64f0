"use client";
import { useState } from "react";
import { PageHeader } from "../ui/page-header";
import { ModeToggle } from "../ui/mode-toggle";
import { TemplatesList } from "./templates-list";
import { TemplateEditor } from "./template-editor";

/** The Templates page (docs/decisions.md, "The dashboard pages"): saved SMS and email content with {{variables}}, and an editor that previews it. */
export function TemplatesPanel({ accountId, canEdit }: { accountId: string; canEdit: boolean }) {
  const [mode, setMode] = useState<"live" | "test">("live");
  return (
    <>
      <PageHeader
        title="Templates"
        description='Content for broadcasts: {{first_name}}, {{attributes.city}}, or {{first_name | "there"}} with a default. Values are escaped in HTML.'
        actions={<ModeToggle mode={mode} onChange={setMode} />}
      />
      <div className="grid gap-4 xl:grid-cols-2">
        {canEdit && <TemplateEditor accountId={accountId} mode={mode} />}
        <TemplatesList accountId={accountId} mode={mode} canEdit={canEdit} />
      </div>
    </>
  );
}
