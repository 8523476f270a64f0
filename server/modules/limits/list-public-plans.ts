import { db } from "../../db/client";

/** The plans customers can be on (rank 99 is internal), cheapest first, with their limits: the rows the limiter enforces. */
export function listPublicPlans() {
  return db().plan.findMany({
    where: { rank: { lt: 99 } },
    orderBy: { rank: "asc" },
    include: { limits: true },
  });
}
