// Contacts and lists through the API (docs/decisions.md, "Contacts and imports"): one contact per phone and per email, imports that report every
// row they leave out and write the rest together, lists that know their size, and nothing across modes or accounts.
import { describe, expect, it } from "vitest";
import { api, apiCustomer } from "../../../test/api";
import { importContacts, prepareImport } from "./import-contacts";
import { db, sql } from "../../db/client";
import { contactsLock } from "./merge-contacts";

describe("/api/v1/contacts and /api/v1/lists", () => {
  it("creates a contact, updates it by phone or email, merges attributes, and refuses a phone and email of two contacts", async () => {
    const c = await apiCustomer();
    const list = await api("POST", "/api/v1/lists", { key: c.liveKey, body: { name: "Accra customers" } });
    expect(list.status).toBe(201);
    expect(list.body.data).toMatchObject({ name: "Accra customers", contacts: 0 });
    const listId = list.body.data.id;

    const created = await api("POST", "/api/v1/contacts", {
      key: c.liveKey,
      body: { phone: "024 111 2222", first_name: "Ama", attributes: { city: "Accra" }, lists: [listId] },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      phone: "+233241112222",
      email: null,
      first_name: "Ama",
      attributes: { city: "Accra" },
      lists: [listId],
      subscribed: { sms: true, email: true },
    });
    const updated = await api("POST", "/api/v1/contacts", {
      key: c.liveKey,
      body: { phone: "+233241112222", email: "Ama@Example.com", attributes: { tier: "gold" } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      id: created.body.data.id,
      email: "ama@example.com",
      first_name: "Ama",
      attributes: { city: "Accra", tier: "gold" },
    });
    await api("POST", "/api/v1/contacts", { key: c.liveKey, body: { email: "kofi@example.com" } });
    const clash = await api("POST", "/api/v1/contacts", {
      key: c.liveKey,
      body: { phone: "+233241112222", email: "kofi@example.com" },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatchObject({ code: "CONFLICT", reason: "contact_conflict" });

    const bad = await api("POST", "/api/v1/contacts", { key: c.liveKey, body: { phone: "12" } });
    expect(bad.body.error.code).toBe("INVALID_PHONE_NUMBER");
    const none = await api("POST", "/api/v1/contacts", { key: c.liveKey, body: { first_name: "Nobody" } });
    expect(none.body.error.code).toBe("MISSING_FIELD");
    expect(await db().contact.count({ where: { accountId: c.accountId } })).toBe(2);

    // The list knows its size; the test key and another account see none of it.
    const lists = await api("GET", "/api/v1/lists", { key: c.liveKey });
    expect(lists.body.data.lists).toEqual([expect.objectContaining({ id: listId, contacts: 1 })]);
    expect((await api("GET", "/api/v1/contacts", { key: c.testKey })).body.data.contacts).toEqual([]);
    const other = await apiCustomer();
    expect((await api("GET", `/api/v1/contacts?list_id=${listId}`, { key: other.liveKey })).status).toBe(404);
    expect((await api("DELETE", `/api/v1/contacts?id=${created.body.data.id}`, { key: other.liveKey })).status).toBe(
      404,
    );

    // Search by phone in any form, by email prefix, by name prefix.
    const search = async (q: string) =>
      (await api("GET", `/api/v1/contacts?q=${encodeURIComponent(q)}`, { key: c.liveKey })).body.data.contacts.map(
        (x: { id: string }) => x.id,
      );
    expect(await search("0241112222")).toEqual([created.body.data.id]);
    expect(await search("kofi@")).toHaveLength(1);
    expect(await search("am")).toEqual([created.body.data.id]);

    const removed = await api("DELETE", `/api/v1/contacts?id=${created.body.data.id}`, { key: c.liveKey });
    expect(removed.body.data).toEqual({ id: created.body.data.id, deleted: true });
    expect((await api("GET", "/api/v1/lists", { key: c.liveKey })).body.data.lists[0].contacts).toBe(0);
  });

  it("imports a CSV: good rows in, existing contacts updated, bad and repeated rows reported by line", async () => {
    const c = await apiCustomer();
    const list = (await api("POST", "/api/v1/lists", { key: c.liveKey, body: { name: "Imported" } })).body.data;
    await api("POST", "/api/v1/contacts", { key: c.liveKey, body: { email: "esi@example.com", first_name: "E" } });
    const csv = [
      "Phone,Email,First Name,last_name,city",
      "0241230001,,Ama,Mensah,Accra",
      "+233241230002,kwame@example.com,Kwame,,Kumasi",
      ",esi@example.com,Esi,Owusu,Tamale",
      "12345,,Bad,Number,",
      ",not-an-email,Bad,Email,",
      "024 123 0001,,Ama again,,",
      ",,,Nobody,",
    ].join("\n");
    const res = await api("POST", "/api/v1/contacts/import", { key: c.liveKey, body: { csv, list_id: list.id } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      imported: 2,
      updated: 1,
      skipped: [
        { row: 5, reason: expect.stringMatching(/not a phone number/) },
        { row: 6, reason: expect.stringMatching(/not an email address/) },
        { row: 7, reason: "duplicate of row 2" },
        { row: 8, reason: "no phone and no email" },
      ],
      skipped_total: 4,
    });
    const ama = await db().contact.findFirstOrThrow({ where: { accountId: c.accountId, phone: "+233241230001" } });
    expect(ama).toMatchObject({ firstName: "Ama", lastName: "Mensah", attributes: { city: "Accra" } });
    const esi = await db().contact.findFirstOrThrow({ where: { accountId: c.accountId, email: "esi@example.com" } });
    expect(esi).toMatchObject({ firstName: "Esi", attributes: { city: "Tamale" } });
    expect((await api("GET", "/api/v1/lists", { key: c.liveKey })).body.data.lists[0].contacts).toBe(3);

    // Paging: 50 a page, then the rest, never a contact twice.
    const many = ["phone", ...Array.from({ length: 60 }, (_, i) => `+2332412400${String(i).padStart(2, "0")}`)].join(
      "\n",
    );
    expect(
      (await api("POST", "/api/v1/contacts/import", { key: c.liveKey, body: { csv: many } })).body.data.imported,
    ).toBe(60);
    const first = (await api("GET", "/api/v1/contacts", { key: c.liveKey })).body.data;
    expect(first.contacts).toHaveLength(50);
    const second = (await api("GET", `/api/v1/contacts?cursor=${first.next_cursor}`, { key: c.liveKey })).body.data;
    expect(second.next_cursor).toBeNull();
    const ids = [...first.contacts, ...second.contacts].map((x: { id: string }) => x.id);
    expect(new Set(ids).size).toBe(63); // Esi, Ama, Kwame and the sixty

    const unreadable = await api("POST", "/api/v1/contacts/import", {
      key: c.liveKey,
      body: { csv: 'phone\n"unclosed' },
    });
    expect(unreadable.body.error).toMatchObject({ code: "INVALID_REQUEST", field: "csv" });
    const headless = await api("POST", "/api/v1/contacts/import", { key: c.liveKey, body: { csv: "name\nAma" } });
    expect(headless.body.error.message).toMatch(/phone, email or both/);
    const twice = await api("POST", "/api/v1/contacts/import", { key: c.liveKey, body: { csv: "phone,City,city\n" } });
    expect(twice.body.error.message).toMatch(/names city twice/);
    const wide = ["phone", ...Array.from({ length: 100 }, (_, i) => `a${i}`)].join(",");
    const tooWide = await api("POST", "/api/v1/contacts/import", { key: c.liveKey, body: { csv: `${wide}\n` } });
    expect(tooWide.body.error.message).toMatch(/header names 101 columns; an import takes at most 100/);

    // A row a cell short or long, or a value longer than its column takes, is reported: never shifted or cut.
    const ragged = [
      "phone,first_name,city",
      "+233241250001,Yaw,Ho",
      "+233241250002,Abena",
      "+233241250003,Kofi,Ho,extra",
      `+233241250004,${"x".repeat(101)},Ho`,
    ].join("\n");
    const report = await api("POST", "/api/v1/contacts/import", { key: c.liveKey, body: { csv: ragged } });
    expect(report.body.data).toMatchObject({
      imported: 1,
      skipped: [
        { row: 3, reason: "2 cells where the header names 3 columns" },
        { row: 4, reason: "4 cells where the header names 3 columns" },
        { row: 5, reason: "first_name is longer than 100 characters" },
      ],
    });
  });

  it("writes nothing when the request's time runs out mid-import, or just before it would commit", async () => {
    const c = await apiCustomer();
    const scope = { accountId: c.accountId, mode: "live" as const };
    const csv = ["phone", ...Array.from({ length: 5_000 }, (_, i) => `+2332415${String(i).padStart(5, "0")}`)].join(
      "\n",
    );
    const prepared = await prepareImport({ csv }, scope);
    const timeUp = () => {
      throw new Error("time is up");
    };
    let checkpoints = 0;
    const midway = { checkpoint: () => (++checkpoints > 4 ? timeUp() : undefined), commit: () => undefined };
    await expect(importContacts({ prepared, caller: scope, deadline: midway })).rejects.toThrow("time is up");
    // Every statement done, then the deadline: the 503 it becomes must not hide a commit.
    const atCommit = { checkpoint: () => undefined, commit: timeUp };
    await expect(importContacts({ prepared, caller: scope, deadline: atCommit })).rejects.toThrow("time is up");
    expect(await db().contact.count({ where: { accountId: c.accountId } })).toBe(0);
    // Another import of the account's contacts under way: this one does not queue behind it.
    const other = await sql().connect();
    try {
      await other.query("BEGIN");
      await other.query("SELECT pg_advisory_xact_lock(hashtext($1))", [contactsLock(c.accountId, "live")]);
      const busy = await api("POST", "/api/v1/contacts/import", { key: c.liveKey, body: { csv } });
      expect(busy.status).toBe(409);
      expect(busy.body.error).toMatchObject({ code: "CONFLICT", reason: "contacts_busy" });
    } finally {
      await other.query("ROLLBACK");
      other.release();
    }
    const inTime = { checkpoint: () => undefined, commit: () => undefined };
    expect((await importContacts({ prepared, caller: scope, deadline: inTime })).imported).toBe(5_000);
  });
});
