import { db } from "../../db/client";

export type OpenCarrierAlert = {
  carrier: string;
  network: string;
  startedAt: Date;
  demoted: boolean;
  /** What opened it: the last hour's delivered rate and the week's, 0-1. */
  rate1h: number;
  baseline: number;
};

/**
 * The carrier alerts open now, oldest first: the staff console's banner on every page and the state column of the
 * Operations page's carriers by network. Read from the partial unique index of open alerts: a handful of rows.
 */
export async function openCarrierAlerts(): Promise<OpenCarrierAlert[]> {
  return db().carrierAlert.findMany({
    where: { endedAt: null },
    orderBy: { startedAt: "asc" },
    select: { carrier: true, network: true, startedAt: true, demoted: true, rate1h: true, baseline: true },
  });
}
