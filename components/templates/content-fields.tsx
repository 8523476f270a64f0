"use client";

export type Content = {
  channel: "sms" | "email";
  body: string;
  subject: string;
  html: string;
  text: string;
  /** sms: each recipient's links become short links of its own, so clicks are counted. */
  shortenLinks: boolean;
};

export const EMPTY_CONTENT: Content = {
  channel: "sms",
  body: "",
  subject: "",
  html: "",
  text: "",
  shortenLinks: false,
};

const AREA = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-xs";
const LABEL = "block text-xs font-medium text-slate-600";

/** The content of one channel: an SMS's text, or an email's subject, HTML and text. Shared by templates and broadcasts. */
export function ContentFields({
  idPrefix,
  content,
  onChange,
}: {
  idPrefix: string;
  content: Content;
  onChange: (content: Content) => void;
}) {
  const set = (part: Partial<Content>) => onChange({ ...content, ...part });
  if (content.channel === "sms")
    return (
      <div>
        <label htmlFor={`${idPrefix}-body`} className={LABEL}>
          Message
        </label>
        <textarea
          id={`${idPrefix}-body`}
          rows={4}
          required
          value={content.body}
          onChange={(e) => set({ body: e.target.value })}
          placeholder={'Hi {{first_name | "there"}}, our Accra shop opens Saturday.'}
          className={AREA}
        />
        <label className="mt-2 flex items-start gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={content.shortenLinks}
            onChange={(e) => set({ shortenLinks: e.target.checked })}
            className="mt-0.5 size-4"
          />
          <span>
            Shorten links and count clicks
            <span className="block text-xs text-muted">
              Each recipient gets short links of their own; a long link then costs fewer characters.
            </span>
          </span>
        </label>
      </div>
    );
  return (
    <>
      <div>
        <label htmlFor={`${idPrefix}-subject`} className={LABEL}>
          Subject
        </label>
        <input
          id={`${idPrefix}-subject`}
          required
          value={content.subject}
          onChange={(e) => set({ subject: e.target.value })}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm"
        />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-html`} className={LABEL}>
          HTML
        </label>
        <textarea
          id={`${idPrefix}-html`}
          rows={5}
          value={content.html}
          onChange={(e) => set({ html: e.target.value })}
          placeholder="<p>Hello {{first_name}}</p>"
          className={AREA}
        />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-text`} className={LABEL}>
          Plain text
        </label>
        <textarea
          id={`${idPrefix}-text`}
          rows={3}
          value={content.text}
          onChange={(e) => set({ text: e.target.value })}
          className={AREA}
        />
      </div>
    </>
  );
}

/** The API's fields of the content: only the channel's, and no empty optional part. */
export function contentInput(c: Content) {
  return c.channel === "sms"
    ? { channel: c.channel, body: c.body, shorten_links: c.shortenLinks }
    : { channel: c.channel, subject: c.subject, html: c.html || undefined, text: c.text || undefined };
}
