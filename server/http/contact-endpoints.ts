// /api/v1/contacts and /api/v1/lists (docs/decisions.md, "Contacts and imports"): the audience of broadcasts. Scope contacts:manage.
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import {
  IMPORT_MAX_BODY_BYTES,
  MAX_IMPORT_ROWS,
  contactIdQuery,
  createListInput,
  importContactsInput,
  listContactsQuery,
  listIdQuery,
  upsertContactInput,
  contact,
  contactImport,
  contactList,
} from "../modules/contacts/schemas";
import { prepareContact, upsertContact } from "../modules/contacts/upsert-contact";
import { importContacts, MAX_COLUMNS, prepareImport } from "../modules/contacts/import-contacts";
import { listContacts } from "../modules/contacts/list-contacts";
import { deleteContact } from "../modules/contacts/delete-contact";
import { MAX_LISTS, createList, deleteList, listLists } from "../modules/contacts/manage-lists";

const base = { auth: "key", scope: "contacts:manage" } as const;
const deleted = z.object({ id: z.string(), deleted: z.literal(true) });

export const upsertContactEndpoint = defineEndpoint({
  ...base,
  method: "POST",
  path: "/api/v1/contacts",
  summary: "Create a contact, or update the one with this phone or email",
  input: { from: "body", schema: upsertContactInput },
  docs: {
    response: contact,
    requireOneOf: ["phone", "email"],
    errors: ["MISSING_FIELD", "INVALID_PHONE_NUMBER", "INVALID_EMAIL", "NOT_FOUND", "CONFLICT"],
    rules: [
      "Creates the contact, or updates the one with this phone or this email (fields left out stay; attributes merge): 200 either way, as an upsert.",
      "409 CONFLICT (reason contact_conflict) when the phone and the email are on two different contacts.",
      "lists: ids of the account's lists (NOT_FOUND otherwise); the contact is added to each.",
    ],
  },
  prepare: ({ input, caller }) => prepareContact(input, caller),
  execute: ({ input, prepared, caller }) => upsertContact({ input, keys: prepared, caller }),
});

export const listContactsEndpoint = defineEndpoint({
  ...base,
  method: "GET",
  path: "/api/v1/contacts",
  summary: "List contacts, newest first, by list or search",
  input: { from: "query", schema: listContactsQuery },
  docs: {
    response: z.object({ contacts: z.array(contact), next_cursor: z.string().nullable() }),
    errors: ["NOT_FOUND"],
    rules: ["50 a page; pass next_cursor as cursor for the next."],
  },
  execute: async ({ input, caller }) => ({ data: await listContacts(input, caller) }),
});

export const deleteContactEndpoint = defineEndpoint({
  ...base,
  method: "DELETE",
  path: "/api/v1/contacts",
  summary: "Delete a contact (its messages stay)",
  input: { from: "query", schema: contactIdQuery },
  docs: { response: deleted, errors: ["NOT_FOUND"] },
  execute: async ({ input, caller }) => ({ data: await deleteContact(input.id, caller) }),
});

export const importContactsEndpoint = defineEndpoint({
  ...base,
  method: "POST",
  path: "/api/v1/contacts/import",
  summary: "Import contacts from CSV",
  input: { from: "body", schema: importContactsInput, maxBytes: IMPORT_MAX_BODY_BYTES },
  docs: {
    response: contactImport,
    errors: ["NOT_FOUND", "CONFLICT"],
    rules: [
      `A header row (at most ${MAX_COLUMNS} columns, each named once), then at most ${MAX_IMPORT_ROWS.toLocaleString("en")} rows. phone (E.164, or a Ghanaian local number: 024 123 4567 is +233241234567), email, first_name, last_name; any other column is an attribute.`,
      "A row matching a contact by phone or email updates it; a bad row, a row repeating an earlier one, or one whose phone and email are on two contacts, a row with more or fewer cells than the header, or a value longer than its column takes (names 100 characters, attributes 500) is skipped and reported with its line. The rest are written together, all or none.",
      "One import of an account's contacts at a time: another one under way is 409 CONFLICT (reason contacts_busy); retry when it is done.",
    ],
  },
  prepare: ({ input, caller }) => prepareImport(input, caller),
  execute: async ({ input, prepared, caller, deadline }) => ({
    data: await importContacts({ prepared, listId: input.list_id, caller, deadline }),
  }),
});

export const createListEndpoint = defineEndpoint({
  ...base,
  method: "POST",
  path: "/api/v1/lists",
  summary: "Create a list of contacts",
  input: { from: "body", schema: createListInput },
  docs: { response: contactList, status: 201, rules: [`At most ${MAX_LISTS} lists per account and mode.`] },
  execute: async ({ input, caller }) => ({ status: 201, data: await createList(input.name, caller) }),
});

export const listListsEndpoint = defineEndpoint({
  ...base,
  method: "GET",
  path: "/api/v1/lists",
  summary: "List the account's lists, newest first",
  input: { from: "query", schema: z.object({}) },
  docs: { response: z.object({ lists: z.array(contactList) }) },
  execute: async ({ caller }) => ({ data: await listLists(caller) }),
});

export const deleteListEndpoint = defineEndpoint({
  ...base,
  method: "DELETE",
  path: "/api/v1/lists",
  summary: "Delete a list (its contacts stay)",
  input: { from: "query", schema: listIdQuery },
  docs: { response: deleted, errors: ["NOT_FOUND"] },
  execute: async ({ input, caller }) => ({ data: await deleteList(input.id, caller) }),
});

export const CONTACT_ENDPOINTS = [
  upsertContactEndpoint,
  listContactsEndpoint,
  deleteContactEndpoint,
  importContactsEndpoint,
  createListEndpoint,
  listListsEndpoint,
  deleteListEndpoint,
];
