// POST /api/v1/broadcasts/send, /pause, /resume, /cancel: each one guarded
// update from the states it may leave, so two racing controls cannot both
// move it. Starting copies the list's members as recipients in the same
// transaction (later changes to the list do not move a broadcast under way).
import { db, sql } from "../../db/client";
import { AppError } from "../../errors/app-error";
import type { AccountScope, ApiCaller } from "../keys/resolve-api-key";
import { broadcastView } from "./broadcast-view";
import { broadcastTiming } from "./broadcast-timing";
import { ownedBroadcast } from "./owned-broadcast";
import { inPgTransaction } from "../../db/pg-transaction";
import type { WorkDeadline } from "../../lib/work-deadline";

/** Recipients copied a chunk a statement: each ends well inside a second, however large the list. */
const COPY_CHUNK = 5_000;

/**
 * draft|scheduled -> sending, its recipients copied from the list in the same transaction (the broadcast's row locked,
 * so a control waits for it); returns whether it is sending. With a request's deadline, checked between chunks and
 * committed before COMMIT.
 */
export async function startBroadcast(id: string, deadline?: WorkDeadline): Promise<boolean> {
  return inPgTransaction(
    async (client) => {
      const { rows } = await client.query<{ list_id: string | null; status: string }>(
        `SELECT list_id, status::text FROM broadcasts WHERE id = $1 FOR UPDATE`,
        [id],
      );
      const b = rows[0];
      if (!b || !["draft", "scheduled"].includes(b.status)) return b?.status === "sending";
      let after = "";
      let total = 0;
      for (;;) {
        deadline?.checkpoint();
        const { rows: copied } = await client.query<{ last: string | null; n: string }>(
          `WITH batch AS (
             INSERT INTO broadcast_recipients (broadcast_id, contact_id, country_iso)
             SELECT $1, m.contact_id, c.country_iso FROM contact_list_members m JOIN contacts c ON c.id = m.contact_id
             WHERE m.list_id = $2 AND m.contact_id > $3 ORDER BY m.contact_id LIMIT ${COPY_CHUNK}
             RETURNING contact_id)
           SELECT max(contact_id) AS last, count(*) AS n FROM batch`,
          [id, b.list_id, after],
        );
        const n = Number(copied[0]!.n);
        if (!n) break;
        total += n;
        after = copied[0]!.last!;
      }
      // An empty list starts nothing to send: the worker finishes it.
      await client.query(
        `UPDATE broadcasts SET status = 'sending', started_at = now(), updated_at = now(), pause_reason = NULL,
                recipients = $2 WHERE id = $1`,
        [id, total],
      );
      return true;
    },
    { beforeCommit: deadline && (() => deadline.commit()) },
  );
}

export async function sendBroadcast({
  id,
  caller,
  deadline,
}: {
  id: string;
  caller: AccountScope;
  deadline?: WorkDeadline;
}) {
  const b = await ownedBroadcast(id, caller);
  if (b.status !== "draft") throw wrongState(b.status, "sent", ["draft"]);
  if (!b.listId)
    throw new AppError("CONFLICT", {
      message: "This broadcast's list was deleted: make a new broadcast for another list",
      context: { reason: "list_deleted", status: b.status },
    });
  if (b.scheduledAt && b.scheduledAt.getTime() > Date.now()) {
    await move(id, ["draft"], `status = 'scheduled'`);
  } else await startBroadcast(id, deadline);
  return view(id);
}

export async function pauseBroadcast(id: string, caller: AccountScope) {
  await ownedBroadcast(id, caller);
  await move(id, ["sending", "scheduled"], `status = 'paused', pause_reason = 'paused'`, "paused");
  return view(id);
}

export async function resumeBroadcast(id: string, caller: Pick<ApiCaller, "accountId" | "mode" | "keyId">) {
  await ownedBroadcast(id, caller);
  // One that never started waits for its time again (the worker starts it once due); one under way goes on.
  // The key that resumes it sends from now on: a broadcast paused because its key was revoked goes on under this one.
  await move(
    id,
    ["paused"],
    `status = CASE WHEN started_at IS NULL THEN 'scheduled'::broadcast_status ELSE 'sending'::broadcast_status END,
     pause_reason = NULL, api_key_id = $3`,
    "resumed",
    [caller.keyId],
  );
  return view(id);
}

export async function cancelBroadcast(id: string, caller: AccountScope) {
  await ownedBroadcast(id, caller);
  await move(id, ["draft", "scheduled", "sending", "paused"], `status = 'cancelled', finished_at = now()`, "cancelled");
  return view(id);
}

/** `set` may use $3 onwards: `values`. */
async function move(id: string, from: string[], set: string, verb = "moved", values: unknown[] = []) {
  const { rowCount } = await sql().query(
    `UPDATE broadcasts SET ${set}, updated_at = now() WHERE id = $1 AND status = ANY($2::broadcast_status[])`,
    [id, from, ...values],
  );
  if (!rowCount) throw wrongState((await broadcastStatusOf(id)) ?? "unknown", verb, from);
}

export async function broadcastStatusOf(id: string): Promise<string | undefined> {
  return (await db().broadcast.findUnique({ where: { id }, select: { status: true } }))?.status;
}

function wrongState(status: string, verb: string, from: string[]) {
  return new AppError("CONFLICT", {
    message: `This broadcast is ${status}: only a ${from.join(" or ")} one can be ${verb}`,
    context: { reason: "broadcast_status", status },
  });
}

async function view(id: string) {
  const b = await db().broadcast.findUniqueOrThrow({ where: { id } });
  return { ...broadcastView(b), ...(await broadcastTiming(b)) };
}
