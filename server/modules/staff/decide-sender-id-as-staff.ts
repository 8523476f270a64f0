import { decideSenderId } from "../senders/decide-sender-id";
import { requireReason, staffActor, type Staff } from "./staff-actor";

/** Support records a network's decision on a sender ID (every network's without one); the reason is what the customer sees. */
export async function decideSenderIdAsStaff(
  staff: Staff,
  input: { id: string; status: "approved" | "rejected"; network?: string; reason: string },
) {
  return decideSenderId({
    id: input.id,
    status: input.status,
    network: input.network,
    note: requireReason(input.reason),
    actor: staffActor(staff),
  });
}
