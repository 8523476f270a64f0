// The Broadcasts page (docs/decisions.md, "The dashboard pages"): create (a draft with its audience and estimated cost), then send now or at its
// time, pause, resume and cancel, through the API's use cases. Its messages go out under the API key the member
// picks (modules/keys/broadcast-key.ts); each control is written to the account's audit log.
import { z } from "zod";
import { router, accountProcedure } from "../init";
import { audited } from "../audited";
import { useCaseInput } from "../use-case-input";
import { broadcastKey } from "../../modules/keys/broadcast-key";
import { createBroadcast, prepareBroadcast } from "../../modules/broadcasts/create-broadcast";
import {
  cancelBroadcast,
  pauseBroadcast,
  resumeBroadcast,
  sendBroadcast,
} from "../../modules/broadcasts/control-broadcast";
import { broadcastProgress } from "../../modules/broadcasts/broadcast-status";
import { ownedBroadcast } from "../../modules/broadcasts/owned-broadcast";
import { broadcastTimeline } from "../../modules/broadcasts/broadcast-timeline";
import { listBroadcasts } from "../../modules/broadcasts/list-broadcasts";
import { broadcastIdQuery, createBroadcastInput } from "../../modules/broadcasts/schemas";

const mode = z.object({ mode: z.enum(["live", "test"]) });
const keyId = z.object({ keyId: z.string().min(1).max(64) });
const id = useCaseInput(broadcastIdQuery);

type Who = { user: { id: string }; accountId: string };
const control = <T extends { id: string; status: string }>(
  who: Who,
  action: string,
  run: () => Promise<T>,
  data: Record<string, unknown> = {},
) => audited(who, `broadcast.${action}`, run, (b) => ({ target: b.id, data: { status: b.status, ...data } }));

export const broadcastsRouter = router({
  list: accountProcedure()
    .input(mode)
    .query(({ input }) => listBroadcasts(input)),
  status: accountProcedure()
    .input(mode)
    .input(id)
    .query(async ({ input }) => {
      const b = await ownedBroadcast(input.id, input);
      // With the key it sends under, which resuming offers first.
      return { ...(await broadcastProgress(b)), key_id: b.apiKeyId };
    }),
  timeline: accountProcedure()
    .input(mode)
    .input(id)
    .query(({ input }) => broadcastTimeline(input.id, input)),
  create: accountProcedure("developer", { active: true })
    .input(mode)
    .input(keyId)
    .input(useCaseInput(createBroadcastInput))
    .mutation(async ({ input, ctx }) => {
      const caller = await broadcastKey({ accountId: input.accountId, mode: input.mode, keyId: input.keyId });
      const prepared = await prepareBroadcast(input, caller);
      return control({ user: ctx.user, accountId: input.accountId }, "created", () =>
        createBroadcast({ input, prepared, caller }),
      );
    }),
  send: accountProcedure("developer", { active: true })
    .input(mode)
    .input(id)
    .mutation(({ input, ctx }) =>
      control({ user: ctx.user, accountId: input.accountId }, "sent", () =>
        sendBroadcast({ id: input.id, caller: input }),
      ),
    ),
  pause: accountProcedure("developer")
    .input(mode)
    .input(id)
    .mutation(({ input, ctx }) =>
      control({ user: ctx.user, accountId: input.accountId }, "paused", () => pauseBroadcast(input.id, input)),
    ),
  resume: accountProcedure("developer", { active: true })
    .input(mode)
    .input(keyId)
    .input(id)
    .mutation(async ({ input, ctx }) => {
      const caller = await broadcastKey({ accountId: input.accountId, mode: input.mode, keyId: input.keyId });
      return control(
        { user: ctx.user, accountId: input.accountId },
        "resumed",
        () => resumeBroadcast(input.id, caller),
        { key_id: caller.keyId },
      );
    }),
  cancel: accountProcedure("developer")
    .input(mode)
    .input(id)
    .mutation(({ input, ctx }) =>
      control({ user: ctx.user, accountId: input.accountId }, "cancelled", () => cancelBroadcast(input.id, input)),
    ),
});
