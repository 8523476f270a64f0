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
