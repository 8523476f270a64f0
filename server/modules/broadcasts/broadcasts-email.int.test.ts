// Email broadcasts against the SMTP sink (docs/decisions.md, "Opt-outs and unsubscribe"): personalised, escaped, DKIM-signed from the account's domain,
// each carrying List-Unsubscribe (https and mailto) and one-click List-Unsubscribe-Post; a one-click unsubscribe
// and a mailto one each stop the next broadcast.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simpleParser } from "mailparser";
import { api, emailSender } from "../../../test/api";
import { useSmtpSink } from "../../../test/smtp-sink";
import { db } from "../../db/client";
import { serveUnsubscribe } from "../../http/serve-unsubscribe";
import { acceptsRecipient, receiveMessage } from "../inbound/receive-message";
import { pumpBroadcasts } from "./run-broadcasts";
import { setConsentSettings } from "../contacts/consent-settings";

const sink = useSmtpSink({ beforeAll, afterAll });

async function run(key: string, listId: string, extra: Record<string, unknown> = {}) {
  const b = (
    await api("POST", "/api/v1/broadcasts", {
      key,
      body: {
        name: "News",
        channel: "email",
        list_id: listId,
        subject: 'News for {{first_name | "you"}}',
        html: "<p>Hello {{first_name}}</p>",
        ...extra,
      },
    })
  ).body.data;
  await api("POST", "/api/v1/broadcasts/send", { key, body: { id: b.id } });
  for (let i = 0; i < 20 && (await db().broadcast.findUniqueOrThrow({ where: { id: b.id } })).status !== "sent"; i++)
    await pumpBroadcasts();
  return b.id as string;
}

const mailsTo = (address: string) => sink.messages.filter((m) => m.to.includes(address));

describe("an email broadcast", () => {
  it("mails each contact with a way out in one click, and leaves out whoever took it", async () => {
    const c = await emailSender("news", 2);
    const list = (await api("POST", "/api/v1/lists", { key: c.liveKey, body: { name: "News" } })).body.data;
    const csv = [
      "email,first_name",
      "ama@example.com,<b>Ama</b>",
      "yaw@example.com,Yaw",
      "esi@example.com,Esi",
      "kofi@example.com,Kofi",
    ].join("\n");
    await api("POST", "/api/v1/contacts/import", { key: c.liveKey, body: { csv, list_id: list.id } });
    // Kofi's address bounced once: on the suppression list, he is skipped and no message is made for him.
    await db().suppression.create({
      data: { accountId: c.accountId, address: "kofi@example.com", reason: "hard_bounce" },
    });
    const first = await run(c.liveKey, list.id);
    expect(mailsTo("kofi@example.com")).toHaveLength(0);
    const firstStatus = (await api("GET", `/api/v1/broadcasts/status?id=${first}`, { key: c.liveKey })).body.data;
    expect(firstStatus.counts).toMatchObject({ sent: 3, failed: 0, skipped_unsubscribed: 1 });
    expect(await db().emailMessage.count({ where: { accountId: c.accountId } })).toBe(3);

    const mail = await simpleParser(mailsTo("ama@example.com")[0]!.raw);
    expect(mail.subject).toBe("News for <b>Ama</b>");
    expect(mail.html).toContain("<p>Hello &#60;b&#62;Ama&#60;/b&#62;</p>");
    const raw = mailsTo("ama@example.com")[0]!.raw.toString();
    const line = (name: string) => mail.headerLines.find((h) => h.key === name)?.line.replace(/\r?\n\s+/g, " ") ?? "";
    expect(line("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const link = /<(https?:\/\/[^>]+\/u\/([^>]+))>/.exec(line("list-unsubscribe"))!;
    const mailto = /<mailto:(unsubscribe\+[^>]+)>/.exec(line("list-unsubscribe"))!;
    expect(mailto[1]).toMatch(/@send\.news-/); // the sending domain's bounce host, whose MX is ours
    // Both headers are under the DKIM signature (RFC 8058 section 4).
    expect(/[;\s]h=([^;]+);/.exec(line("dkim-signature"))![1]).toMatch(/list-unsubscribe:list-unsubscribe-post/i);
    expect(raw).toContain("List-Unsubscribe");

    // Ama clicks once (a mail client's one-click POST); Yaw mails the mailto address.
    const page = await serveUnsubscribe("POST", link[2]!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("You are unsubscribed");
    const yawRaw = mailsTo("yaw@example.com")[0]!.raw.toString();
    const yawMailto = /<mailto:(unsubscribe\+[^>]+)>/.exec(yawRaw)![1]!;
    expect(await acceptsRecipient(yawMailto)).toBe(true);
    // A forged signature: its last character changed.
    const forged = mailto[1]!.replace(/(.)@/, (_all, ch: string) => `${ch === "0" ? "1" : "0"}@`);
    expect(await acceptsRecipient(forged)).toBe(false);
    await receiveMessage({
      recipients: [yawMailto],
      mail: { subject: "unsubscribe", text: "", headers: {} } as never,
      sizeBytes: 10,
    });
    const events = await db().event.findMany({ where: { accountId: c.accountId, event: "contact.unsubscribed" } });
    expect(events.map((e) => (e.data as { via: string }).via).sort()).toEqual(["link", "mailto"]);
    // A link scanner's GET unsubscribes nobody; a token that is not ours is 404.
    expect((await serveUnsubscribe("GET", link[2]!)).status).toBe(200);
    expect((await serveUnsubscribe("GET", "con_AAAAAAAAAAAAAAAAAAAA.000000000000000000000000")).status).toBe(404);

    const sentEvents = await db().event.findMany({ where: { accountId: c.accountId, event: "email.sent" } });
    expect(new Set(sentEvents.map((e) => (e.data as { broadcast_id?: string }).broadcast_id)).size).toBe(1);
    expect((sentEvents[0]!.data as { broadcast_id?: string }).broadcast_id).toMatch(/^brd_/);
    const second = await run(c.liveKey, list.id);
    expect(mailsTo("ama@example.com")).toHaveLength(1);
    expect(mailsTo("yaw@example.com")).toHaveLength(1);
    expect(mailsTo("esi@example.com")).toHaveLength(2);
    const status = (await api("GET", `/api/v1/broadcasts/status?id=${second}`, { key: c.liveKey })).body.data;
    expect(status.counts).toMatchObject({ sent: 1, skipped_unsubscribed: 3 });

    // Esi is deleted from the contacts; her link still unsubscribes her address, and importing it again later
    // brings it back unsubscribed.
    const esiLink = /<https?:\/\/[^>]+\/u\/([^>]+)>/.exec(
      mailsTo("esi@example.com")[1]!
        .raw.toString()
        .replace(/\r?\n\s+/g, ""),
    )![1]!;
    const esi = await db().contact.findFirstOrThrow({ where: { accountId: c.accountId, email: "esi@example.com" } });
    await api("DELETE", `/api/v1/contacts?id=${esi.id}`, { key: c.liveKey });
    expect(await (await serveUnsubscribe("GET", esiLink)).text()).toContain("Unsubscribe?");
    expect(await (await serveUnsubscribe("POST", esiLink)).text()).toContain("You are unsubscribed");
    await api("POST", "/api/v1/contacts/import", { key: c.liveKey, body: { csv: "email\nesi@example.com" } });
    const back = (await api("GET", "/api/v1/contacts?q=esi@example.com", { key: c.liveKey })).body.data.contacts[0];
    expect(back.subscribed).toEqual({ sms: true, email: false });
  });
});

describe("an email broadcast of an account that sends promotion only with consent", () => {
  it("mails the contacts with email consent on record and counts the others as no_consent, unless told it is held elsewhere", async () => {
    const c = await emailSender("consent", 2);
    const list = (await api("POST", "/api/v1/lists", { key: c.liveKey, body: { name: "Opted in" } })).body.data;
    const csv = ["email,email_consent", "ama.c@example.com,yes", "yaw.c@example.com,"].join("\n");
    await api("POST", "/api/v1/contacts/import", { key: c.liveKey, body: { csv, list_id: list.id } });
    await setConsentSettings(c.accountId, { keyword: null, emailConsentRequired: true });
    const first = await run(c.liveKey, list.id);
    expect(mailsTo("ama.c@example.com")).toHaveLength(1);
    expect(mailsTo("yaw.c@example.com")).toHaveLength(0);
    const status = (await api("GET", `/api/v1/broadcasts/status?id=${first}`, { key: c.liveKey })).body.data;
    expect(status.counts).toMatchObject({ sent: 1, no_consent: 1 });

    const elsewhere = await run(c.liveKey, list.id, { consent_held_elsewhere: true });
    expect(mailsTo("yaw.c@example.com")).toHaveLength(1);
    const second = (await api("GET", `/api/v1/broadcasts/status?id=${elsewhere}`, { key: c.liveKey })).body.data;
    expect(second).toMatchObject({ consent_held_elsewhere: true, counts: { sent: 2, no_consent: 0 } });
    expect(
      await db().auditEvent.count({
        where: {
          accountId: c.accountId,
          action: "broadcast.created",
          data: { path: ["consent_held_elsewhere"], equals: true },
        },
      }),
    ).toBe(1);
  });
});
