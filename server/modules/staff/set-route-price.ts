import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { toAmountNumber } from "../../lib/money";
import { recordAudit } from "../audit/record-audit";
import { forgetCoverage, type Route } from "../coverage/coverage-cache";
import { requireReason, staffActor, type Staff } from "./staff-actor";

/** Staff set a route's price per segment; quotes change for the next send. */
export async function setRoutePrice(staff: Staff, input: { route: Route; price: number; reason: string }) {
  if (!Number.isFinite(input.price) || input.price <= 0 || input.price > 10)
    throw new AppError("INVALID_AMOUNT", { message: "A price per segment is between 0 and 10" });
  const reason = requireReason(input.reason);
  const before = await db().smsPrice.update({
    where: { route: input.route },
    data: { pricePerSegmentMicros: BigInt(Math.round(input.price * 1e6)), updatedAt: new Date() },
  });
  await recordAudit({
    actor: staffActor(staff),
    action: "price.set",
    target: input.route,
    reason,
    data: { price: input.price, was: toAmountNumber(before.pricePerSegmentMicros) },
  });
  forgetCoverage();
  return { route: input.route, price: input.price };
}
