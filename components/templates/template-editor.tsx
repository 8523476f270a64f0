"use client";
import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { ContentFields, contentInput, type Content } from "./content-fields";
import { TemplatePreview } from "./template-preview";
import { ChannelToggle } from "./channel-toggle";

const EMPTY: Content = { channel: "sms", body: "", subject: "", html: "", text: "" };

/** A new template: its content, previewed as it is typed for a sample contact (with SMS segments). */
export function TemplateEditor({ accountId, mode }: { accountId: string; mode: "live" | "test" }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [content, setContent] = useState<Content>(EMPTY);
  const save = useMutation(
    trpc.templates.create.mutationOptions({
      onSuccess: () => {
        setName("");
        setContent({ ...EMPTY, channel: content.channel });
        void queryClient.invalidateQueries({ queryKey: trpc.templates.list.queryKey() });
      },
    }),
  );
  return (
    <Card title="New template">
      <form
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ accountId, mode, name, ...contentInput(content) });
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
        <ChannelToggle channel={content.channel} onChange={(channel) => setContent({ ...content, channel })} />
        <ContentFields idPrefix="template" content={content} onChange={setContent} />
        <TemplatePreview accountId={accountId} mode={mode} content={content} />
        {save.error && (
          <p role="alert" className="text-sm text-red-600">
            {save.error.message}
          </p>
        )}
        {save.isSuccess && (
          <p role="status" className="text-sm text-brand-700">
            Saved {save.data.name} ({save.data.id}).
          </p>
        )}
        <div>
          <Button type="submit" disabled={save.isPending}>
            Save template
          </Button>
        </div>
      </form>
    </Card>
  );
}
