"use client";
import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { ContentFields, contentInput, EMPTY_CONTENT, type Content } from "./content-fields";
import { TemplatePreview } from "./template-preview";
import { ChannelToggle } from "./channel-toggle";

/** A template being edited: what the list hands the editor. */
export type EditedTemplate = {
  id: string;
  name: string;
  version: number;
  channel: "sms" | "email";
  body: string | null;
  subject: string | null;
  html: string | null;
  text: string | null;
  shorten_links?: boolean;
};

/**
 * A new template, or an edit of a saved one (its next version; broadcasts made from it keep what they copied): its
 * content, previewed as it is typed for a sample contact (with SMS segments).
 */
export function TemplateEditor({
  accountId,
  mode,
  editing,
  onDone,
}: {
  accountId: string;
  mode: "live" | "test";
  editing: EditedTemplate | null;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState(editing?.name ?? "");
  const [content, setContent] = useState<Content>(
    editing
      ? {
          channel: editing.channel,
          body: editing.body ?? "",
          subject: editing.subject ?? "",
          html: editing.html ?? "",
          text: editing.text ?? "",
          shortenLinks: editing.shorten_links === true,
        }
      : EMPTY_CONTENT,
  );
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.templates.list.queryKey() });
  const create = useMutation(
    trpc.templates.create.mutationOptions({
      onSuccess: () => {
        setName("");
        setContent({ ...EMPTY_CONTENT, channel: content.channel });
        refresh();
      },
    }),
  );
  const update = useMutation(
    trpc.templates.update.mutationOptions({
      onSuccess: () => {
        refresh();
        onDone();
      },
    }),
  );
  const save = editing ? update : create;
  return (
    <Card title={editing ? `Edit ${editing.name} (version ${editing.version})` : "New template"}>
      <form
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (editing) update.mutate({ accountId, mode, id: editing.id, name, ...contentInput(content) });
          else create.mutate({ accountId, mode, name, ...contentInput(content) });
        }}
      >
        <Field
          id="template-name"
          label="Name"
          value={name}
          maxLength={100}
          required
          onChange={(e) => setName(e.target.value)}
        />
        {editing ? (
          <p className="text-xs text-muted">
            {editing.channel === "sms" ? "SMS" : "Email"} template. Saving makes version {editing.version + 1};
            broadcasts already made from it keep the version they copied.
          </p>
        ) : (
          <ChannelToggle channel={content.channel} onChange={(channel) => setContent({ ...content, channel })} />
        )}
        <ContentFields idPrefix="template" content={content} onChange={setContent} />
        <TemplatePreview accountId={accountId} mode={mode} content={content} />
        {save.error && (
          <p role="alert" className="text-sm text-red-600">
            {save.error.message}
          </p>
        )}
        {create.isSuccess && (
          <p role="status" className="text-sm text-brand-700">
            Saved {create.data.name} ({create.data.id}).
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {editing ? `Save version ${editing.version + 1}` : "Save template"}
          </Button>
          {editing && (
            <Button type="button" variant="secondary" onClick={onDone}>
              Cancel
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}
