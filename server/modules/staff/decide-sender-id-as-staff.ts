import { decideSenderId } from "../senders/decide-sender-id";
import { requireReason, staffActor, type Staff } from "./staff-actor";

/** Support approves or rejects a sender ID application; the reason is the note the customer sees. */
export async function decideSenderIdAsStaff(
  staff: Staff,
  input: { id: string; status: "approved" | "rejected"; reason: string },
) {
  return decideSenderId({
    id: input.id,
    status: input.status,
    note: requireReason(input.reason),
    actor: staffActor(staff),
  });
}
