// /api/v1/templates (docs/decisions.md, "Templates and broadcasts"): what broadcasts send, personalised per contact. Scope broadcasts:send.
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import {
  createTemplateInput,
  updateTemplateInput,
  previewTemplateInput,
  templateIdQuery,
  template,
  templatePreview,
} from "../modules/templates/schemas";
import {
  MAX_TEMPLATES,
  createTemplate,
  deleteTemplate,
  listTemplates,
  prepareTemplate,
  updateTemplate,
} from "../modules/templates/manage-templates";
import { previewTemplate } from "../modules/templates/preview-template";

const base = { auth: "key", scope: "broadcasts:send" } as const;
const VARIABLES =
  'Variables: {{first_name}}, {{last_name}}, {{phone}}, {{email}}, {{attributes.<name>}}, each with an optional default: {{first_name | "there"}}. A value missing with no default is empty; in html every value is escaped. Anything else in {{ }} is 400 INVALID_REQUEST (reason unknown_variable).';

export const createTemplateEndpoint = defineEndpoint({
  ...base,
  method: "POST",
  path: "/api/v1/templates",
  summary: "Create a message template",
  input: { from: "body", schema: createTemplateInput },
  docs: {
    response: template,
    status: 201,
    errors: ["MISSING_FIELD", "MISSING_CONTENT"],
    rules: [
      "sms: body is required. email: subject, and html or text.",
      VARIABLES,
      `At most ${MAX_TEMPLATES} templates.`,
    ],
  },
  prepare: ({ input }) => prepareTemplate(input),
  execute: async ({ input, prepared, caller }) => ({
    status: 201,
    data: await createTemplate({ input, content: prepared, caller }),
  }),
});

export const updateTemplateEndpoint = defineEndpoint({
  ...base,
  method: "PUT",
  path: "/api/v1/templates",
  summary: "Edit a template: its name and content, as its next version",
  input: { from: "body", schema: updateTemplateInput },
  docs: {
    response: template,
    errors: ["MISSING_FIELD", "MISSING_CONTENT", "NOT_FOUND"],
    rules: [
      "The whole template, as on create, with its id; its channel stays (400 INVALID_REQUEST, reason channel_fixed).",
      "Broadcasts already made from it keep the content (and version) they copied.",
      VARIABLES,
    ],
  },
  prepare: ({ input }) => prepareTemplate(input),
  execute: async ({ input, prepared, caller }) => ({
    data: await updateTemplate({ input, content: prepared, caller }),
  }),
});

export const listTemplatesEndpoint = defineEndpoint({
  ...base,
  method: "GET",
  path: "/api/v1/templates",
  summary: "List the account's templates, newest first",
  input: { from: "query", schema: z.object({}) },
  docs: { response: z.object({ templates: z.array(template) }) },
  execute: async ({ caller }) => ({ data: await listTemplates(caller) }),
});

export const deleteTemplateEndpoint = defineEndpoint({
  ...base,
  method: "DELETE",
  path: "/api/v1/templates",
  summary: "Delete a template",
  input: { from: "query", schema: templateIdQuery },
  docs: { response: z.object({ id: z.string(), deleted: z.literal(true) }), errors: ["NOT_FOUND"] },
  execute: async ({ input, caller }) => ({ data: await deleteTemplate(input.id, caller) }),
});

export const previewTemplateEndpoint = defineEndpoint({
  ...base,
  method: "POST",
  path: "/api/v1/templates/preview",
  summary: "Render a template for one contact, with its SMS segments",
  input: { from: "body", schema: previewTemplateInput },
  docs: {
    response: templatePreview,
    requireOneOf: ["template_id", "channel"],
    errors: ["MISSING_FIELD", "MISSING_CONTENT", "NOT_FOUND"],
    rules: [
      "A saved template (template_id) or inline content (channel with body, or subject and html or text).",
      VARIABLES,
    ],
  },
  execute: async ({ input, caller }) => ({ data: await previewTemplate(input, caller) }),
});

export const TEMPLATE_ENDPOINTS = [
  createTemplateEndpoint,
  updateTemplateEndpoint,
  listTemplatesEndpoint,
  deleteTemplateEndpoint,
  previewTemplateEndpoint,
];
