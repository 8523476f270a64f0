import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { domainView } from "./domain-view";
import { domainNameSchema } from "./schemas";

export async function listDomains(input: { accountId: string }) {
  const domains = await db().senderDomain.findMany({
    where: { accountId: input.accountId },
    orderBy: { createdAt: "asc" },
  });
  return domains.map(domainView);
}

/** GET /domains/check: can this account add the domain? Never says which account holds it. */
export async function checkDomain(input: { accountId: string; name: string }) {
  const parsed = domainNameSchema.safeParse(input.name);
  if (!parsed.success)
    throw new AppError("INVALID_REQUEST", {
      message: `"${input.name}" is not a domain name`,
      context: { errors: [{ type: "invalid_domain", loc: ["query", "name"], msg: parsed.error.issues[0]!.message }] },
    });
  const held = await db().senderDomain.findUnique({ where: { name: parsed.data }, select: { accountId: true } });
  return {
    name: parsed.data,
    available: !held,
    ...(held ? { reason: held.accountId === input.accountId ? ("taken_by_you" as const) : ("taken" as const) } : {}),
  };
}

/** Removing the primary domain leaves the account without one until another is made primary. */
export async function deleteDomain(input: { accountId: string; id: string }) {
  const { count } = await db().senderDomain.deleteMany({ where: { id: input.id, accountId: input.accountId } });
  if (count === 0) throw new AppError("NOT_FOUND", { message: `No domain ${input.id}` });
  return { id: input.id, deleted: true as const };
}

export async function makePrimary(input: { accountId: string; id: string }) {
  return db().$transaction(async (tx) => {
    const domain = await tx.senderDomain.findFirst({ where: { id: input.id, accountId: input.accountId } });
    if (!domain) throw new AppError("NOT_FOUND", { message: `No domain ${input.id}` });
    if (domain.status !== "verified")
      throw new AppError("CONFLICT", {
        message: `${domain.name} must be verified before it can be primary`,
        context: { reason: "unverified" },
      });
    await tx.senderDomain.updateMany({
      where: { accountId: input.accountId, isPrimary: true },
      data: { isPrimary: false },
    });
    // The whole domain, as every other domain answer gives it (docs/decisions.md, "Domains").
    return domainView(await tx.senderDomain.update({ where: { id: domain.id }, data: { isPrimary: true } }));
  });
}
