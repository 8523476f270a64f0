// The Contacts, Templates and Broadcasts pages' procedures (docs/decisions.md, "The dashboard pages"): a viewer reads but changes nothing; an import
// is previewed exactly as it then runs, writing nothing first; a broadcast made on the dashboard goes out under a key
// the member picks, which must be the account's, of its mode, unrevoked and allowed to broadcast; each control is
// audited under the person.
import { describe, expect, it } from "vitest";
import { callerFor } from "../../../test/trpc-caller";
import { signedUpCustomer } from "../../../test/factories";
import { db, sql } from "../../db/client";
import { newId } from "../../lib/ids";
import { createApiKey } from "../../modules/keys/create-api-key";
import { pumpBroadcasts } from "../../modules/broadcasts/run-broadcasts";

const CSV = [
  "phone,first_name,city",
  "0241340001,Ama,Accra",
  "0241340002,Kofi,Ho",
  "0241340001,Ama,Accra",
  "x,y,z",
].join("\n");

describe("the broadcast pages' procedures", () => {
  it("preview an import without writing, run it, and send a broadcast under a chosen key", async () => {
    const owner = await signedUpCustomer("bc-owner");
    const viewer = await signedUpCustomer("bc-viewer");
    const other = await signedUpCustomer("bc-other");
    await db().membership.create({ data: { accountId: owner.accountId, userId: viewer.userId, role: "viewer" } });
    const me = await callerFor(owner.userId);
    const asViewer = await callerFor(viewer.userId);
    const account = { accountId: owner.accountId, mode: "test" as const };

    const list = await me.contacts.createList({ ...account, name: "Customers" });
    const preview = await me.contacts.previewImport({ ...account, csv: CSV, list_id: list.id });
    expect(preview).toMatchObject({
      rows: 4,
      imported: 2,
      updated: 0,
      skippedTotal: 2,
      columns: [
        { column: "phone", becomes: "phone" },
        { column: "first_name", becomes: "first_name" },
        { column: "city", becomes: "attributes.city" },
      ],
      skipped: [
        { row: 4, reason: "duplicate of row 2" },
        { row: 5, reason: expect.stringMatching(/not a phone number/) },
      ],
    });
    expect(preview.sample.map((r) => r.phone)).toEqual(["+233241340001", "+233241340002"]);
    expect(await db().contact.count({ where: { accountId: owner.accountId } })).toBe(0);
    await expect(asViewer.contacts.import({ ...account, csv: CSV })).rejects.toMatchObject({ code: "FORBIDDEN" });
    const imported = await me.contacts.import({ ...account, csv: CSV, list_id: list.id });
    expect(imported).toMatchObject({ imported: 2, updated: 0, skipped_total: 2 });
    expect((await asViewer.contacts.list({ ...account, list_id: list.id })).contacts).toHaveLength(2);
    expect((await asViewer.contacts.lists(account)).lists[0]!.contacts).toBe(2);

    // The key: another account's, a live one for a test broadcast, or one without broadcasts:send, is refused.
    const theirs = await createApiKey({ accountId: other.accountId, name: "theirs", mode: "test" });
    const live = await createApiKey({ accountId: owner.accountId, name: "live", mode: "live" });
    const narrow = await createApiKey({
      accountId: owner.accountId,
      name: "sms only",
      mode: "test",
      scopes: ["sms:send"],
    });
    const good = await createApiKey({ accountId: owner.accountId, name: "broadcasts", mode: "test" });
    const draft = { ...account, name: "Hello", channel: "sms" as const, list_id: list.id, body: "Hi {{first_name}}" };
    await expect(me.broadcasts.create({ ...draft, keyId: theirs.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(me.broadcasts.create({ ...draft, keyId: live.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(me.broadcasts.create({ ...draft, keyId: narrow.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(asViewer.broadcasts.create({ ...draft, keyId: good.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await db().broadcast.count({ where: { accountId: owner.accountId } })).toBe(0);

    const b = await me.broadcasts.create({ ...draft, keyId: good.id, category: "transactional" });
    expect(b).toMatchObject({ status: "draft", recipients: 2 });
    expect(b.estimated_cost.amount).toBeGreaterThan(0);
    await me.broadcasts.send({ ...account, id: b.id });
    for (let i = 0; i < 10 && (await asViewer.broadcasts.status({ ...account, id: b.id })).status !== "sent"; i++)
      await pumpBroadcasts();
    const status = await asViewer.broadcasts.status({ ...account, id: b.id });
    expect(status.status).toBe("sent");
    expect(status.counts.queued).toBe(0);
    expect(status.counts.sent + status.counts.delivered).toBe(2);
    expect(status.cost.amount, "test mode charges nothing, and its cost says so").toBe(0);
    const messages = await db().smsMessage.findMany({ where: { accountId: owner.accountId, broadcastId: b.id } });
    expect(messages.map((m) => m.apiKeyId)).toEqual([good.id, good.id]);
    expect(messages.map((m) => m.body).sort()).toEqual(["Hi Ama", "Hi Kofi"]);
    const timeline = await asViewer.broadcasts.timeline({ ...account, id: b.id });
    expect(timeline.bars.reduce((n, bar) => n + bar.sent, 0)).toBe(2);
    const audit = await db().auditEvent.findMany({ where: { accountId: owner.accountId, target: b.id } });
    expect(audit.map((a) => a.action).sort()).toEqual(["broadcast.created", "broadcast.sent"]);
    await expect(asViewer.broadcasts.cancel({ ...account, id: b.id })).rejects.toMatchObject({ code: "FORBIDDEN" });

    // Live waits for the owner's verified email, as the API's live keys do: refused here, paused in the worker.
    const liveDraft = { ...draft, mode: "live" as const, keyId: live.id };
    await expect(me.broadcasts.create(liveDraft)).rejects.toMatchObject({
      message: expect.stringMatching(/owner verifies their email/),
    });
    const liveId = newId("brd");
    await sql().query(
      `INSERT INTO broadcasts (id, account_id, mode, api_key_id, name, channel, body, status, started_at)
       VALUES ($3, $1, 'live', $2, 'Live', 'sms', 'Hi', 'sending', now())`,
      [owner.accountId, live.id, liveId],
    );
    await pumpBroadcasts();
    expect(await db().broadcast.findUniqueOrThrow({ where: { id: liveId } })).toMatchObject({
      status: "paused",
      pauseReason: "email_unverified",
    });
  });
});
