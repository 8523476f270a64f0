import { generateKeyPairSync } from "node:crypto";
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { newId } from "../../lib/ids";
import { domainNameSchema } from "./schemas";
import { dnsRecordsFor } from "./dns-records";
import { seal } from "../../lib/seal";

export const DKIM_SELECTOR = "kasa1";

/**
 * Adds a sending domain with a fresh 2048-bit RSA DKIM key. A domain belongs to
 * one account: CONFLICT `taken` when another account holds it, `taken_by_you`
 * when this one does. `verified` is the support override (CLI), recorded as
 * who verified it; the first verified domain becomes the primary one.
 */
export async function addDomain(input: { accountId: string; name: string; verifiedBy?: string }) {
  const parsed = domainNameSchema.safeParse(input.name);
  if (!parsed.success)
    throw new AppError("INVALID_REQUEST", {
      message: `"${input.name}" is not a domain name`,
      context: { errors: [{ type: "invalid_domain", loc: ["body", "name"], msg: parsed.error.issues[0]!.message }] },
    });
  const name = parsed.data;
  const existing = await db().senderDomain.findUnique({ where: { name }, select: { accountId: true } });
  if (existing) throw domainConflict(name, existing.accountId === input.accountId);

  const { publicKey, privateKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  const verified = input.verifiedBy !== undefined;
  try {
    const domain = await db().$transaction(async (tx) => {
      const hasPrimary =
        verified && (await tx.senderDomain.count({ where: { accountId: input.accountId, isPrimary: true } })) > 0;
      return tx.senderDomain.create({
        data: {
          id: newId("dom"),
          accountId: input.accountId,
          name,
          dkimSelector: DKIM_SELECTOR,
          dkimPrivateKey: seal(privateKey),
          dkimPublicKey: publicKey,
          status: verified ? "verified" : "pending",
          verifiedBy: input.verifiedBy ?? null,
          verifiedAt: verified ? new Date() : null,
          isPrimary: verified && !hasPrimary,
        },
      });
    });
    return {
      id: domain.id,
      name: domain.name,
      status: domain.status,
      primary: domain.isPrimary,
      dns_records: dnsRecordsFor(domain),
    };
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") throw domainConflict(name, false);
    throw error;
  }
}

function domainConflict(name: string, yours: boolean) {
  return new AppError("CONFLICT", {
    message: yours ? `${name} is already on this account` : `${name} is already held by another account`,
    context: { reason: yours ? "taken_by_you" : "taken", domain: name },
  });
}
