import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { newId } from "../../lib/ids";
import { coverage } from "../coverage/coverage-cache";
import { SENDER_ID_PATTERN } from "../sms/check-sender";
import { senderIdView } from "./sender-views";

/**
 * An account applies for a sender ID in one market. It starts pending (staff
 * approve it, as the market's carriers require) unless a support override
 * says approved. A name held by another account in that market is CONFLICT
 * `taken`; the same application twice is CONFLICT `taken_by_you`.
 */
export async function registerSenderId(input: {
  accountId: string;
  name: string;
  countryIso: string;
  useCase?: string;
  approvedBy?: string;
}) {
  const name = input.name.trim();
  if (!SENDER_ID_PATTERN.test(name)) {
    throw new AppError("INVALID_REQUEST", {
      message: "A sender ID is 1 to 11 letters, digits, spaces or . & _ -, with at least one letter",
      context: { errors: [{ type: "invalid_sender_id", loc: ["name"], msg: "1-11 characters, one letter at least" }] },
    });
  }
  const countryIso = input.countryIso.trim().toUpperCase();
  const country = (await coverage()).byIso.get(countryIso);
  if (!country) throw new AppError("INVALID_COUNTRY", { message: `Unknown country ${input.countryIso}` });
  if (!country.senderIdSupported)
    throw new AppError("INVALID_REQUEST", {
      message: `Carriers in ${country.name} do not carry alphanumeric sender IDs`,
      context: {
        reason: "sender_id_unsupported",
        errors: [{ type: "sender_id_unsupported", loc: ["country"], msg: "not supported there" }],
      },
    });
  const held = await db().senderId.findUnique({ where: { name_countryIso: { name, countryIso } } });
  if (held)
    throw new AppError("CONFLICT", {
      message:
        held.accountId === input.accountId
          ? `You already applied for "${name}" in ${countryIso}`
          : `"${name}" is held by another account in ${countryIso}`,
      context: { reason: held.accountId === input.accountId ? "taken_by_you" : "taken" },
    });
  const now = new Date();
  const created = await db().senderId.create({
    data: {
      id: newId("sid"),
      accountId: input.accountId,
      name,
      countryIso,
      useCase: input.useCase ?? null,
      createdAt: now,
      ...(input.approvedBy
        ? { status: "approved", decidedBy: input.approvedBy, decidedAt: now, decisionNote: "support override" }
        : {}),
    },
  });
  return senderIdView(created);
}
