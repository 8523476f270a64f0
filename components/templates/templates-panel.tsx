"use client";
import { useState } from "react";
import { PageHeader } from "../ui/page-header";
import { ModeToggle } from "../ui/mode-toggle";
import { TemplatesList } from "./templates-list";
import { TemplateEditor, type EditedTemplate } from "./template-editor";

/** The Templates page (docs/decisions.md, "The dashboard pages"): saved SMS and email content with {{variables}}, and an editor that previews it. */
export function TemplatesPanel({ accountId, canEdit }: { accountId: string; canEdit: boolean }) {
  const [mode, setMode] = useState<"live" | "test">("live");
  const [editing, setEditing] = useState<EditedTemplate | null>(null);
  const switchMode = (next: "live" | "test") => {
    setEditing(null);
    setMode(next);
  };
  return (
    <>
      <PageHeader
        title="Templates"
        description='Content for broadcasts: {{first_name}}, {{attributes.city}}, or {{first_name | "there"}} with a default. Values are escaped in HTML.'
        actions={<ModeToggle mode={mode} onChange={switchMode} />}
      />
      <div className="grid gap-4 xl:grid-cols-2">
        {/* Keyed by what it edits: opening another template (or a new one) starts from its own content. */}
        {canEdit && (
          <TemplateEditor
            key={editing ? `${editing.id}@${editing.version}` : "new"}
            accountId={accountId}
            mode={mode}
            editing={editing}
            onDone={() => setEditing(null)}
          />
        )}
        <TemplatesList accountId={accountId} mode={mode} canEdit={canEdit} onEdit={setEditing} />
      </div>
    </>
  );
}
