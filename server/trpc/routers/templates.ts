// The Templates page (docs/decisions.md, "The dashboard pages"): the API's use cases for the mode the page shows; the editor's live preview is
// templates/preview's answer (rendered for a sample contact, with sms/send's segment count).
import { z } from "zod";
import { router, accountProcedure } from "../init";
import { audited } from "../audited";
import { useCaseInput } from "../use-case-input";
import {
  createTemplate,
  deleteTemplate,
  listTemplates,
  prepareTemplate,
  updateTemplate,
} from "../../modules/templates/manage-templates";
import { previewTemplate } from "../../modules/templates/preview-template";
import {
  createTemplateInput,
  previewTemplateInput,
  templateIdQuery,
  updateTemplateInput,
} from "../../modules/templates/schemas";

const mode = z.object({ mode: z.enum(["live", "test"]) });

export const templatesRouter = router({
  list: accountProcedure()
    .input(mode)
    .query(({ input }) => listTemplates(input)),
  // A mutation, so its input travels in a POST body: an email's HTML (up to 512 KiB) does not fit a query's URL.
  preview: accountProcedure()
    .input(mode)
    .input(useCaseInput(previewTemplateInput))
    .mutation(({ input }) => previewTemplate(input, input)),
  create: accountProcedure("developer", { active: true })
    .input(mode)
    .input(useCaseInput(createTemplateInput))
    .mutation(async ({ input, ctx }) => {
      const content = await prepareTemplate(input);
      return audited(
        { user: ctx.user, accountId: input.accountId },
        "template.created",
        () => createTemplate({ input, content, caller: input }),
        (t) => ({ target: t.id, data: { name: t.name, channel: t.channel, mode: input.mode } }),
      );
    }),
  update: accountProcedure("developer", { active: true })
    .input(mode)
    .input(useCaseInput(updateTemplateInput))
    .mutation(async ({ input, ctx }) => {
      const content = await prepareTemplate(input);
      return audited(
        { user: ctx.user, accountId: input.accountId },
        "template.updated",
        () => updateTemplate({ input, content, caller: input }),
        (t) => ({ target: t.id, data: { name: t.name, version: t.version, mode: input.mode } }),
      );
    }),
  delete: accountProcedure("developer")
    .input(mode)
    .input(useCaseInput(templateIdQuery))
    .mutation(({ input, ctx }) =>
      audited(
        { user: ctx.user, accountId: input.accountId },
        "template.deleted",
        () => deleteTemplate(input.id, input),
        (r) => ({ target: r.id }),
      ),
    ),
});
