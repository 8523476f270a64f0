import { AppError } from "../../errors/app-error";
import { allocatedNetwork } from "../networks/allocated-network";
import { networkCatalogue } from "../networks/network-catalogue";

/**
 * A Ghanaian mobile number as SPEC accepts it on data purchases: local 10 digits with the leading 0 (0241234567) or
 * international (+233241234567, also 233241234567), in a range first allocated to one of Ghana's mobile networks.
 * The range says where the number started; the network it is on now is networkNow()'s answer.
 */
export async function parseGhanaMobile(raw: string): Promise<{ e164: string; local: string; allocated: string }> {
  const compact = raw.replace(/[\s-]/g, "");
  const local = /^0\d{9}$/.test(compact)
    ? compact
    : /^\+?233\d{9}$/.test(compact)
      ? `0${compact.replace(/^\+?233/, "")}`
      : null;
  const allocated = local ? allocatedNetwork(await networkCatalogue(), "GH", local.slice(1))?.slug : undefined;
  if (!local || !allocated) {
    throw new AppError("INVALID_PHONE", {
      message: `"${raw}" is not a valid Ghanaian mobile number; use 10 digits with the leading 0 (0241234567) or +233 (+233241234567)`,
      context: { field: "phone_number" },
    });
  }
  return { e164: `+233${local.slice(1)}`, local, allocated };
}
