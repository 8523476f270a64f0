import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { newId } from "../../lib/ids";
import { coverage } from "../coverage/coverage-cache";
import { SENDER_ID_PATTERN } from "../sms/check-sender";
import { SENDER_ID_DETAILS, senderIdView } from "./sender-views";
import { readSenderDocument } from "./sender-documents";
import { networkCatalogue } from "../networks/network-catalogue";

/**
 * An account applies for a sender ID in one market, with what the networks ask for (a use case, a sample message,
 * the company, documents). Each network of the country gets its own decision, pending (staff decide per network, as
 * each network approves on its own) unless a support override says approved everywhere. A name held by another
 * account in that market is CONFLICT `taken`; the same application twice is CONFLICT `taken_by_you`.
 */
export async function registerSenderId(input: {
  accountId: string;
  name: string;
  countryIso: string;
  useCase?: string;
  sampleMessage?: string;
  companyName?: string;
  documents?: { filename: string; content_base64: string }[];
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
  // Every document is checked before anything is written.
  const documents = (input.documents ?? []).map(readSenderDocument);
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
  const networks = (await networkCatalogue()).byCountry.get(countryIso) ?? [];
  const decided = input.approvedBy
    ? { status: "approved", decidedBy: input.approvedBy, decidedAt: now }
    : { status: "pending" };
  const created = await db().senderId.create({
    data: {
      id: newId("sid"),
      accountId: input.accountId,
      name,
      countryIso,
      useCase: input.useCase ?? null,
      sampleMessage: input.sampleMessage ?? null,
      companyName: input.companyName ?? null,
      createdAt: now,
      ...(input.approvedBy
        ? { status: "approved", decidedBy: input.approvedBy, decidedAt: now, decisionNote: "support override" }
        : {}),
      networks: { create: networks.map((n) => ({ networkId: n.id, createdAt: now, ...decided })) },
      documents: {
        create: documents.map((d) => ({
          id: newId("sdoc"),
          filename: d.filename,
          contentType: d.contentType,
          sizeBytes: d.content.length,
          sha256: d.sha256,
          content: new Uint8Array(d.content),
          createdAt: now,
        })),
      },
    },
    include: SENDER_ID_DETAILS,
  });
  return senderIdView(created);
}
