// /api/v1/broadcasts (docs/decisions.md, "Templates and broadcasts"): one personalised message to every contact of a list. Scope broadcasts:send.
import { z } from "zod";
import { defineEndpoint, type EndpointDefinition } from "./endpoint";
import {
  broadcastIdBody,
  broadcastIdQuery,
  createBroadcastInput,
  broadcast,
  broadcastStatus as broadcastStatusAnswer,
} from "../modules/broadcasts/schemas";
import { createBroadcast, prepareBroadcast } from "../modules/broadcasts/create-broadcast";
import {
  cancelBroadcast,
  pauseBroadcast,
  resumeBroadcast,
  sendBroadcast,
} from "../modules/broadcasts/control-broadcast";
import { broadcastStatus } from "../modules/broadcasts/broadcast-status";
import { listBroadcasts } from "../modules/broadcasts/list-broadcasts";
import type { ApiCaller } from "../modules/keys/resolve-api-key";
import type { Deadline } from "./deadline";

const base = { auth: "key", scope: "broadcasts:send" } as const;

export const createBroadcastEndpoint = defineEndpoint({
  ...base,
  method: "POST",
  path: "/api/v1/broadcasts",
  summary: "Create a broadcast (a draft, with its estimated cost)",
  input: { from: "body", schema: createBroadcastInput },
  docs: {
    response: broadcast,
    status: 201,
    errors: ["NOT_FOUND", "MISSING_FIELD", "MISSING_CONTENT"],
    rules: [
      "template_id (of the same channel), or the content inline: body (sms), or subject and html or text (email), with {{variables}} as templates take them.",
      "Nothing is sent until POST /api/v1/broadcasts/send.",
    ],
  },
  prepare: ({ input, caller }) => prepareBroadcast(input, caller),
  execute: async ({ input, prepared, caller }) => ({
    status: 201,
    data: await createBroadcast({ input, prepared, caller }),
  }),
  // In the account's audit log, with the consent it said it holds elsewhere: a statement it answers for.
  audit: ({ input, data }) => ({
    action: "broadcast.created",
    target: (data as { id: string }).id,
    data: { channel: input.channel, consent_held_elsewhere: input.consent_held_elsewhere === true },
  }),
});

export const listBroadcastsEndpoint = defineEndpoint({
  ...base,
  method: "GET",
  path: "/api/v1/broadcasts",
  summary: "List the latest broadcasts",
  input: { from: "query", schema: z.object({}) },
  docs: { response: z.object({ broadcasts: z.array(broadcast) }) },
  execute: async ({ caller }) => ({ data: await listBroadcasts(caller) }),
});

export const broadcastStatusEndpoint = defineEndpoint({
  ...base,
  method: "GET",
  path: "/api/v1/broadcasts/status",
  summary: "Where a broadcast stands: counts and cost so far",
  input: { from: "query", schema: broadcastIdQuery },
  docs: { response: broadcastStatusAnswer, errors: ["NOT_FOUND"] },
  execute: async ({ input, caller }) => ({ data: await broadcastStatus(input.id, caller) }),
});

function control(
  verb: string,
  summary: string,
  run: (id: string, caller: ApiCaller, deadline: Deadline) => Promise<z.infer<typeof broadcast>>,
  rules: string[],
) {
  const def: EndpointDefinition<z.infer<typeof broadcastIdBody>, undefined, "key", z.infer<typeof broadcast>> = {
    ...base,
    method: "POST",
    path: `/api/v1/broadcasts/${verb}`,
    summary,
    input: { from: "body", schema: broadcastIdBody },
    docs: { response: broadcast, errors: ["NOT_FOUND", "CONFLICT"], rules },
    execute: async ({ input, caller, deadline }) => ({ data: await run(input.id, caller, deadline) }),
  };
  return defineEndpoint(def);
}

const WRONG_STATE = "409 CONFLICT (reason broadcast_status, with its status) from any other state.";
export const sendBroadcastEndpoint = control(
  "send",
  "Start a broadcast, now or at its scheduled_at",
  (id, caller, deadline) => sendBroadcast({ id, caller, deadline }),
  [
    "A draft becomes scheduled (scheduled_at ahead) or sending. The list's contacts at that moment are its recipients; each message is an ordinary SMS or email, charged as such. Run out of balance and it pauses (pause_reason insufficient_balance) rather than send unpaid.",
    WRONG_STATE,
  ],
);
export const pauseBroadcastEndpoint = control("pause", "Pause a sending or scheduled broadcast", pauseBroadcast, [
  WRONG_STATE,
]);
export const resumeBroadcastEndpoint = control("resume", "Resume a paused broadcast", resumeBroadcast, [
  "One that had started goes on where it stopped; one that had not waits for its scheduled_at again.",
  WRONG_STATE,
]);
export const cancelBroadcastEndpoint = control("cancel", "Cancel a broadcast: nothing more is sent", cancelBroadcast, [
  WRONG_STATE,
]);

export const BROADCAST_ENDPOINTS = [
  createBroadcastEndpoint,
  listBroadcastsEndpoint,
  broadcastStatusEndpoint,
  sendBroadcastEndpoint,
  pauseBroadcastEndpoint,
  resumeBroadcastEndpoint,
  cancelBroadcastEndpoint,
];
