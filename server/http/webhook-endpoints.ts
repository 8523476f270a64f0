// /api/v1/webhooks (SPEC 4.5-4.7).
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { deleted } from "../lib/response-parts";
import { registerWebhook } from "../modules/webhooks/register-webhook";
import { deleteWebhook, listWebhooks } from "../modules/webhooks/manage-webhooks";
import { rotateWebhookSecret } from "../modules/webhooks/rotate-webhook-secret";
import { replayFailedSince } from "../modules/webhooks/replay-failed-since";
import {
  registerWebhookInput,
  replayFailedSinceInput,
  webhookIdInput,
  webhookList,
  webhookRegistration,
} from "../modules/webhooks/schemas";

const base = { auth: "key", scope: "webhooks:manage" } as const;

export const registerWebhookEndpoint = defineEndpoint({
  ...base,
  method: "POST",
  path: "/api/v1/webhooks",
  summary: "Register (or update) the account's webhook endpoint",
  docs: {
    response: webhookRegistration,
    errors: ["INVALID_URL", "INVALID_EVENTS"],
  },
  input: { from: "body", schema: registerWebhookInput },
  execute: async ({ input, caller }) => ({ data: await registerWebhook(caller.accountId, input) }),
  audit: ({ input, data }) => ({
    action: "webhook.registered",
    target: (data as { id: string }).id,
    data: { url: input.url, events: input.events },
  }),
});

export const listWebhooksEndpoint = defineEndpoint({
  ...base,
  method: "GET",
  path: "/api/v1/webhooks",
  summary: "List the account's webhook endpoints (never the secret)",
  docs: { response: webhookList },
  input: { from: "query", schema: z.object({}) },
  execute: async ({ caller }) => ({ data: await listWebhooks(caller.accountId) }),
});

export const deleteWebhookEndpoint = defineEndpoint({
  ...base,
  method: "DELETE",
  path: "/api/v1/webhooks",
  summary: "Delete a webhook endpoint (?id=)",
  docs: { response: deleted, errors: ["MISSING_ID", "NOT_FOUND"] },
  input: { from: "query", schema: webhookIdInput },
  execute: async ({ input, caller }) => ({ data: await deleteWebhook(caller.accountId, input.id) }),
  audit: ({ input }) => ({ action: "webhook.removed", target: input.id }),
});

export const rotateWebhookSecretEndpoint = defineEndpoint({
  ...base,
  method: "POST",
  path: "/api/v1/webhooks/rotate-secret",
  summary: "Issue a new signing secret; the old one keeps signing beside it for 24 hours",
  docs: {
    response: z.object({
      id: z.string(),
      secret: z.string().describe("Shown in this answer only"),
      previous_secret_expires_at: z.string(),
    }),
    errors: ["NOT_FOUND"],
  },
  input: { from: "body", schema: z.object({}) },
  execute: async ({ caller }) => {
    const rotated = await rotateWebhookSecret({ accountId: caller.accountId });
    return {
      data: {
        id: rotated.id,
        secret: rotated.secret,
        previous_secret_expires_at: rotated.previousSecretExpiresAt.toISOString(),
      },
    };
  },
  audit: ({ data }) => ({ action: "webhook.secret_rotated", target: (data as { id: string }).id }),
});

export const replayWebhooksEndpoint = defineEndpoint({
  ...base,
  method: "POST",
  path: "/api/v1/webhooks/replay",
  summary: "Send again every failed delivery created since a time",
  docs: { response: z.object({ replayed: z.number().int() }), errors: ["NOT_FOUND", "CONFLICT"] },
  input: { from: "body", schema: replayFailedSinceInput },
  execute: async ({ input, caller }) => ({
    data: await replayFailedSince({ accountId: caller.accountId, since: new Date(input.since) }),
  }),
});

export const WEBHOOK_ENDPOINTS = [
  registerWebhookEndpoint,
  listWebhooksEndpoint,
  deleteWebhookEndpoint,
  rotateWebhookSecretEndpoint,
  replayWebhooksEndpoint,
];
