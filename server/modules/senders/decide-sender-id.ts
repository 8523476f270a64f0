// Staff (the console, the operator CLI) decide a sender ID application per network (docs/decisions.md, "Networks and
// lookup"): each network of Ghana approves or rejects a name on its own. Without a network, the decision is every
// network's (or, where Kasa lists no networks for the country, the country's). Each decision that changes something
// raises sender_id.approved or sender_id.rejected naming the network, and is in the account's audit log.
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { newId } from "../../lib/ids";
import { recordAudit } from "../audit/record-audit";
import { SENDER_ID_DETAILS, senderIdView, summaryStatus } from "./sender-views";

export async function decideSenderId(input: {
  id: string;
  status: "approved" | "rejected";
  /** A network's API name ("mtn"); absent: every network of the country. */
  network?: string;
  /** Why (a rejection's reason is shown to the customer). */
  note?: string;
  actor: string;
}) {
  return db().$transaction(async (tx) => {
    const existing = await tx.senderId.findUnique({ where: { id: input.id }, include: SENDER_ID_DETAILS });
    if (!existing) throw new AppError("NOT_FOUND", { message: `No sender ID ${input.id}` });
    const slugs = existing.networks.map((n) => n.network.slug).sort();
    if (input.network !== undefined && !slugs.includes(input.network))
      throw new AppError("INVALID_REQUEST", {
        message: slugs.length
          ? `${existing.countryIso} has no network "${input.network}"; its networks are ${slugs.join(", ")}`
          : `Kasa lists no networks for ${existing.countryIso}: decide for the whole country (no network)`,
        context: { reason: "unknown_network", field: "network", allowed: slugs },
      });
    const now = new Date();
    const reason = input.status === "rejected" ? (input.note ?? "Rejected") : null;
    const deciding = existing.networks.filter(
      (n) => (input.network === undefined || n.network.slug === input.network) && n.status !== input.status,
    );
    for (const row of deciding) {
      await tx.senderIdNetwork.update({
        where: { senderIdId_networkId: { senderIdId: existing.id, networkId: row.networkId } },
        data: { status: input.status, reason, decidedBy: input.actor, decidedAt: now },
      });
      const data = {
        transaction_id: newId("sdec"),
        sender_id_id: existing.id,
        sender_id: existing.name,
        country: existing.countryIso,
        network: row.network.slug,
        status: input.status,
        reason,
      };
      await tx.event.create({
        data: {
          accountId: existing.accountId,
          transactionId: data.transaction_id,
          event: `sender_id.${input.status}`,
          data,
        },
      });
    }
    const statuses = existing.networks.map((n) =>
      deciding.some((d) => d.networkId === n.networkId) ? input.status : n.status,
    );
    // One entry per decision staff made, naming the networks it changed (none listed: the country's own decision).
    await recordAudit(
      {
        actor: input.actor,
        action: `sender_id.${input.status === "approved" ? "approve" : "reject"}`,
        accountId: existing.accountId,
        target: existing.id,
        reason: input.note ?? null,
        data: { name: existing.name, country: existing.countryIso, networks: deciding.map((d) => d.network.slug) },
      },
      tx,
    );
    const updated = await tx.senderId.update({
      where: { id: input.id },
      data: {
        status: existing.networks.length ? summaryStatus(statuses) : input.status,
        decisionNote: input.note ?? null,
        decidedBy: input.actor,
        decidedAt: now,
      },
      include: SENDER_ID_DETAILS,
    });
    return senderIdView(updated);
  });
}
