// The Templates page (issue #26): the API's use cases for the mode the page shows; the editor's live preview is
// templates/preview's answer (rendered for a sample contact, with sms/send's segment count).
import { z } from "zod";
import { router, accountProcedure } from "../init";
import { useCaseInput } from "../use-case-input";
import {
  createTemplate,
  deleteTemplate,
  listTemplates,
  prepareTemplate,
} from "../../modules/templates/manage-templates";
import { previewTemplate } from "../../modules/templates/preview-template";
import { createTemplateInput, previewTemplateInput, templateIdQuery } from "../../modules/templates/schemas";

const mode = z.object({ mode: z.enum(["live", "test"]) });

export const templatesRouter = router({
  list: accountProcedure()
    .input(mode)
    .query(({ input }) => listTemplates(input)),
  preview: accountProcedure()
    .input(mode)
    .input(useCaseInput(previewTemplateInput))
    .query(({ input }) => previewTemplate(input, input)),
  create: accountProcedure("developer", { active: true })
    .input(mode)
    .input(useCaseInput(createTemplateInput))
    .mutation(async ({ input }) => createTemplate(input, await prepareTemplate(input), input)),
  delete: accountProcedure("developer")
    .input(mode)
    .input(useCaseInput(templateIdQuery))
    .mutation(({ input }) => deleteTemplate(input.id, input)),
});
