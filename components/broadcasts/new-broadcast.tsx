"use client";
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { SelectField } from "../ui/select-field";
import { Card } from "../ui/card";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { UtcTimeField } from "../ui/utc-time-field";
import { parseUtcTime } from "../ui/utc-time";
import { ContentFields, contentInput, EMPTY_CONTENT, type Content } from "../templates/content-fields";
import { TemplatePreview } from "../templates/template-preview";
import { ChannelToggle } from "../templates/channel-toggle";
import { KeySelect } from "./key-select";

/**
 * A new broadcast: its audience (a list), its content (a saved template or written here, previewed), its sender and
 * when it goes. Creating it makes a draft with its recipients and estimated cost; it is sent from there.
 */
export function NewBroadcast({
  accountId,
  mode,
  onCreated,
}: {
  accountId: string;
  mode: "live" | "test";
  onCreated: (id: string) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [content, setContent] = useState<Content>(EMPTY_CONTENT);
  const [listId, setListId] = useState("");
  const [templateId, setTemplateId] = useState("");
  const [from, setFrom] = useState("");
  const [later, setLater] = useState(false);
  const [at, setAt] = useState("");
  const [keyId, setKeyId] = useState("");
  const [category, setCategory] = useState<"promotional" | "transactional">("promotional");
  const [consentElsewhere, setConsentElsewhere] = useState(false);
  const { data: lists } = useQuery(trpc.contacts.lists.queryOptions({ accountId, mode }));
  const { data: templates } = useQuery(trpc.templates.list.queryOptions({ accountId, mode }));
  const create = useMutation(
    trpc.broadcasts.create.mutationOptions({
      onSuccess: (b) => {
        void queryClient.invalidateQueries({ queryKey: trpc.broadcasts.list.queryKey() });
        onCreated(b.id);
      },
    }),
  );
  const scheduledAt = later ? parseUtcTime(at) : undefined;
  const ofChannel = templates?.templates.filter((t) => t.channel === content.channel) ?? [];
  return (
    <Card title="New broadcast">
      <form
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          const own = templateId ? { channel: content.channel, template_id: templateId } : contentInput(content);
          create.mutate({
            accountId,
            mode,
            keyId,
            name,
            list_id: listId,
            ...own,
            from: from.trim() || undefined,
            category: content.channel === "sms" ? category : undefined,
            consent_held_elsewhere: consentElsewhere || undefined,
            scheduled_at: scheduledAt ? scheduledAt.toISOString() : undefined,
          });
        }}
      >
        <Field
          id="broadcast-name"
          label="Name"
          value={name}
          maxLength={100}
          required
          onChange={(e) => setName(e.target.value)}
        />
        <ChannelToggle
          channel={content.channel}
          onChange={(channel) => {
            setContent({ ...content, channel });
            setTemplateId("");
          }}
        />
        <SelectField
          id="broadcast-list"
          label="Audience"
          required
          value={listId}
          onChange={(e) => setListId(e.target.value)}
        >
          <option value="">Choose a list</option>
          {lists?.lists.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name} ({l.contacts.toLocaleString("en")} contacts)
            </option>
          ))}
        </SelectField>
        <SelectField
          id="broadcast-template"
          label="Content"
          value={templateId}
          onChange={(e) => setTemplateId(e.target.value)}
        >
          <option value="">Write it here</option>
          {ofChannel.map((t) => (
            <option key={t.id} value={t.id}>
              Template: {t.name}
            </option>
          ))}
        </SelectField>
        {!templateId && (
          <>
            <ContentFields idPrefix="broadcast" content={content} onChange={setContent} />
            <TemplatePreview accountId={accountId} mode={mode} content={content} />
          </>
        )}
        <Field
          id="broadcast-from"
          label={content.channel === "sms" ? "Sender ID (optional)" : "From (an address on a verified domain)"}
          value={from}
          maxLength={320}
          required={content.channel === "email"}
          onChange={(e) => setFrom(e.target.value)}
        />
        {content.channel === "sms" && (
          <SelectField
            id="broadcast-category"
            label="Category"
            value={category}
            onChange={(e) => setCategory(e.target.value as typeof category)}
          >
            <option value="promotional">Promotional (countries&apos; marketing rules apply)</option>
            <option value="transactional">Transactional (notices your customers expect)</option>
          </SelectField>
        )}
        {(content.channel === "email" || category === "promotional") && (
          <label className="flex items-start gap-1.5 text-sm text-slate-700">
            <input
              type="checkbox"
              className="mt-1"
              checked={consentElsewhere}
              onChange={(e) => setConsentElsewhere(e.target.checked)}
            />
            <span>
              We hold these recipients&apos; consent outside Kasa. Otherwise, where consent is asked for (promotional
              SMS to Ghana), only contacts with consent on record are sent to. Kept in the audit log.
            </span>
          </label>
        )}
        <fieldset>
          <legend className="text-xs font-medium text-slate-600">When</legend>
          <div className="mt-1 flex gap-4 text-sm">
            <label className="flex items-center gap-1.5">
              <input type="radio" name="when" checked={!later} onChange={() => setLater(false)} /> When I send it
            </label>
            <label className="flex items-center gap-1.5">
              <input type="radio" name="when" checked={later} onChange={() => setLater(true)} /> At a set time
            </label>
          </div>
        </fieldset>
        {later && <UtcTimeField id="broadcast-at" label="Send at" value={at} onChange={setAt} withTime required />}
        <KeySelect id="broadcast-key" accountId={accountId} mode={mode} value={keyId} onChange={setKeyId} />
        {create.error && (
          <p role="alert" className="text-sm text-red-600">
            {create.error.message}
          </p>
        )}
        <div>
          <Button type="submit" disabled={create.isPending || !keyId || (later && !scheduledAt)}>
            Create draft
          </Button>
          <span className="ml-3 text-xs text-muted">Nothing is sent yet: you see its recipients and cost first.</span>
        </div>
      </form>
    </Card>
  );
}
