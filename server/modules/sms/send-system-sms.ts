import { defaultSenderFor } from "./default-sender";
import { coverage } from "../coverage/coverage-cache";
import { isAppError } from "../../errors/app-error";
import { pickCarriers } from "./pick-carriers";
import { allocatedNetworkSlug } from "../networks/allocated-network";
import { networkCatalogue } from "../networks/network-catalogue";
import { resolveRoute } from "./resolve-route";
import { tryCarriers } from "./try-carriers";
import { logger } from "../../lib/logger";
import { config } from "../../config/config";

export type SystemSmsResult = { sentVia: string } | { sentVia: null; reason: string };

/**
 * An SMS from Kasa itself (a verification code): the destination's route and
 * carriers, in order, from the default sender, never billed. A deployment
 * with no live carrier (development) writes it to the server log instead, and
 * says so.
 */
export async function sendSystemSms(input: { to: string; countryIso: string; body: string }): Promise<SystemSmsResult> {
  const route = await resolveRoute({ countryIso: input.countryIso });
  // A code to a network a carrier is failing goes through the next one first, as a customer's message would.
  const network = allocatedNetworkSlug(await networkCatalogue(), input.to, route.country);
  const carriers = await pickCarriers(route.route, "live", network);
  if (!carriers.length) {
    // The code is the message: written out only where no carrier can deliver it and never in production.
    if (config().NODE_ENV === "production")
      logger().warn({ to: input.to }, "system SMS not sent: no live SMS carrier is configured");
    else logger().info(`system SMS (no live carrier, development only) to ${input.to}: ${input.body}`);
    return { sentVia: null, reason: "no_live_carrier" };
  }
  const country = (await coverage()).byIso.get(input.countryIso);
  let from: string;
  try {
    from = country ? defaultSenderFor(country, "live") : "Kasa";
  } catch (error) {
    if (isAppError(error)) return { sentVia: null, reason: error.message };
    throw error;
  }
  const { accepted, failure } = await tryCarriers({
    carriers,
    message: () => ({
      transactionId: "system",
      to: input.to,
      from,
      body: input.body,
      segments: 1,
    }),
  });
  return accepted ? { sentVia: accepted.provider } : { sentVia: null, reason: failure?.message ?? "no carrier" };
}
