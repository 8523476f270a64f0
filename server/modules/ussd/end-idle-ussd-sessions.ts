// The worker's sweep of USSD sessions that heard nothing for KASA_USSD_IDLE_SECONDS (120 s): the network gave up on
// them long before, and a process that died mid-session left them open. Each is ended as `timeout`, a live one
// charged once (its price was held when it opened), with its event.
import { sql } from "../../db/client";
import { config } from "../../config/config";
import { endUssdSession } from "./ussd-session-store";

const BATCH = 200;

/** Returns how many sessions it ended: batches until one comes back short (a busy code leaves more than one). */
export async function endIdleUssdSessions(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - config().KASA_USSD_IDLE_SECONDS * 1000);
  let ended = 0;
  for (;;) {
    const { rows } = await sql().query<{ id: string }>(
      `SELECT id FROM ussd_sessions WHERE status = 'open' AND last_hop_at < $1 ORDER BY last_hop_at LIMIT ${BATCH}`,
      [cutoff],
    );
    for (const { id } of rows) if (await endUssdSession(id, "timeout", cutoff)) ended++;
    if (rows.length < BATCH) return ended;
  }
}
