import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { newId } from "../../lib/ids";
import { parseMailboxes } from "../email/addresses";

/**
 * A mailbox is an address on one of the account's domains that receives mail.
 * The domain must be verified (CONFLICT `domain_unverified`, SPEC 7.3); an
 * address is held once (CONFLICT `taken` / `taken_by_you`).
 */
export async function createMailbox(input: { accountId: string; address: string }) {
  const [mailbox, ...more] = parseMailboxes("address", input.address);
  if (!mailbox || more.length)
    throw new AppError("INVALID_EMAIL", {
      message: `Invalid email address: ${input.address}`,
      context: { field: "address", address: input.address },
    });
  const domainName = mailbox.address.split("@")[1]!;
  const domain = await db().senderDomain.findUnique({ where: { name: domainName } });
  if (!domain || domain.accountId !== input.accountId) {
    throw new AppError(domain ? "CONFLICT" : "NOT_FOUND", {
      message: domain
        ? `${domainName} is held by another account`
        : `${domainName} is not a domain of this account; add it first`,
      context: domain ? { reason: "taken" } : {},
    });
  }
  if (domain.status !== "verified")
    throw new AppError("CONFLICT", {
      message: `Verify ${domainName} before creating mailboxes on it`,
      context: { reason: "domain_unverified" },
    });
  const existing = await db().mailbox.findUnique({ where: { address: mailbox.address }, select: { accountId: true } });
  if (existing)
    throw new AppError("CONFLICT", {
      message: `${mailbox.address} already exists`,
      context: { reason: existing.accountId === input.accountId ? "taken_by_you" : "taken" },
    });
  const created = await db().mailbox.create({
    data: { id: newId("mbx"), accountId: input.accountId, domainId: domain.id, address: mailbox.address },
  });
  return { id: created.id, address: created.address, domain: domain.name, created_at: created.createdAt.toISOString() };
}

export async function listMailboxes(input: { accountId: string }) {
  const rows = await db().mailbox.findMany({
    where: { accountId: input.accountId },
    orderBy: { createdAt: "asc" },
    include: { _count: { select: { received: true } } },
  });
  return rows.map((m) => ({
    id: m.id,
    address: m.address,
    received: m._count.received,
    created_at: m.createdAt.toISOString(),
  }));
}

export async function deleteMailbox(input: { accountId: string; id: string }) {
  const { count } = await db().mailbox.deleteMany({ where: { id: input.id, accountId: input.accountId } });
  if (count === 0) throw new AppError("NOT_FOUND", { message: `No mailbox ${input.id}` });
  return { id: input.id, deleted: true as const };
}
