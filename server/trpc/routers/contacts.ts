// The Contacts page (docs/decisions.md, "The dashboard pages"): the API's own use cases and schemas, for the mode the page shows. Anyone on the
// account reads; developers and owners import, make lists and delete.
import { z } from "zod";
import { router, accountProcedure } from "../init";
import { audited } from "../audited";
import { useCaseInput } from "../use-case-input";
import { listContacts } from "../../modules/contacts/list-contacts";
import { createList, deleteList, listLists } from "../../modules/contacts/manage-lists";
import { deleteContact } from "../../modules/contacts/delete-contact";
import { importContacts, prepareImport } from "../../modules/contacts/import-contacts";
import { previewImport } from "../../modules/contacts/preview-import";
import { consentSettings, recordContactConsent, setConsentSettings } from "../../modules/contacts/consent-settings";
import { MAX_PROOF } from "../../modules/contacts/consent";
import {
  contactIdQuery,
  createListInput,
  importContactsInput,
  listContactsQuery,
  listIdQuery,
} from "../../modules/contacts/schemas";

const mode = z.object({ mode: z.enum(["live", "test"]) });

export const contactsRouter = router({
  list: accountProcedure()
    .input(mode)
    .input(useCaseInput(listContactsQuery))
    .query(({ input }) => listContacts(input, input)),
  lists: accountProcedure()
    .input(mode)
    .query(({ input }) => listLists(input)),
  createList: accountProcedure("developer", { active: true })
    .input(mode)
    .input(useCaseInput(createListInput))
    .mutation(({ input, ctx }) =>
      audited(
        { user: ctx.user, accountId: input.accountId },
        "list.created",
        () => createList(input.name, input),
        (l) => ({
          target: l.id,
          data: { name: l.name, mode: input.mode },
        }),
      ),
    ),
  deleteList: accountProcedure("developer")
    .input(mode)
    .input(useCaseInput(listIdQuery))
    .mutation(({ input, ctx }) =>
      audited(
        { user: ctx.user, accountId: input.accountId },
        "list.deleted",
        () => deleteList(input.id, input),
        (r) => ({ target: r.id }),
      ),
    ),
  delete: accountProcedure("developer")
    .input(mode)
    .input(useCaseInput(contactIdQuery))
    .mutation(({ input, ctx }) =>
      audited(
        { user: ctx.user, accountId: input.accountId },
        "contact.deleted",
        () => deleteContact(input.id, input),
        (r) => ({ target: r.id }),
      ),
    ),
  consentSettings: accountProcedure().query(({ input }) => consentSettings(input.accountId)),
  setConsentSettings: accountProcedure("owner")
    .input(z.object({ keyword: z.string().max(40).nullable(), emailConsentRequired: z.boolean() }))
    .mutation(({ input, ctx }) =>
      audited(
        { user: ctx.user, accountId: input.accountId },
        "consent.settings_changed",
        () => setConsentSettings(input.accountId, input),
        (r) => ({ target: input.accountId, data: r }),
      ),
    ),
  recordConsent: accountProcedure("developer")
    .input(mode)
    .input(
      z.object({
        id: z.string().min(1).max(64),
        channel: z.enum(["sms", "email"]),
        granted: z.boolean(),
        proof: z.string().max(MAX_PROOF).optional(),
      }),
    )
    .mutation(({ input, ctx }) =>
      audited(
        { user: ctx.user, accountId: input.accountId },
        input.granted ? "contact.consent_recorded" : "contact.consent_withdrawn",
        () => recordContactConsent(input),
        (r) => ({ target: r.id, data: { channel: r.channel, mode: input.mode } }),
      ),
    ),
  previewImport: accountProcedure("developer")
    .input(mode)
    .input(useCaseInput(importContactsInput))
    .mutation(async ({ input }) => previewImport(await prepareImport(input, input), input)),
  import: accountProcedure("developer", { active: true })
    .input(mode)
    .input(useCaseInput(importContactsInput))
    .mutation(async ({ input, ctx }) => {
      const prepared = await prepareImport(input, input);
      return audited(
        { user: ctx.user, accountId: input.accountId },
        "contacts.imported",
        () => importContacts({ prepared, listId: input.list_id, caller: input }),
        (r) => ({
          target: input.list_id ?? "contacts",
          data: { mode: input.mode, imported: r.imported, updated: r.updated, skipped: r.skipped_total },
        }),
      );
    }),
});
