// POST /api/v1/domains/tracking and the domain page's switches: open and click
// tracking of one sending domain (docs/decisions.md, "Tracking and scheduling"), off by default. A switch
// left out keeps its value. Applies to messages handed to the relay from now
// on, scheduled ones included.
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { domainView } from "./domain-view";

export async function setDomainTracking(input: {
  accountId: string;
  id: string;
  openTracking?: boolean;
  clickTracking?: boolean;
}) {
  const { count } = await db().senderDomain.updateMany({
    where: { id: input.id, accountId: input.accountId },
    data: { openTracking: input.openTracking, clickTracking: input.clickTracking },
  });
  if (count === 0) throw new AppError("NOT_FOUND", { message: `No domain ${input.id}` });
  return domainView(await db().senderDomain.findUniqueOrThrow({ where: { id: input.id } }));
}
