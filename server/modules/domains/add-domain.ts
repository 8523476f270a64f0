import { generateKeyPair } from "node:crypto";
import { promisify } from "node:util";
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { newId } from "../../lib/ids";
import { domainNameSchema } from "./schemas";
import { returnPathHostFor } from "./dns-records";
import { domainView } from "./domain-view";
import { seal } from "../../lib/seal";
import { assertCanAddDomain } from "./domain-limits";

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

  const verified = input.verifiedBy !== undefined;
  return oneAtATime(input.accountId, async () => {
    if (!verified) await assertCanAddDomain(input.accountId);
    const { publicKey, privateKey } = await newDkimKey();
    return store({ ...input, name, verified, publicKey, privateKey });
  });
}

async function store(input: {
  accountId: string;
  name: string;
  verified: boolean;
  verifiedBy?: string;
  publicKey: string;
  privateKey: string;
}) {
  const { name, verified, publicKey, privateKey } = input;
  try {
    const domain = await db().$transaction(async (tx) => {
      // Under a lock per account, so instances adding at once cannot pass the limits together.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`domains:${input.accountId}`}))`;
      if (!verified) await assertCanAddDomain(input.accountId, tx);
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
          // Support's override vouches for every record, the bounce host's included.
          returnPathHost: verified ? returnPathHostFor(name) : null,
        },
      });
    });
    return domainView(domain);
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") throw domainConflict(name, false);
    throw error;
  }
}

/** RSA-2048 on libuv's thread pool: the event loop keeps serving while the key is made. */
function newDkimKey(): Promise<{ publicKey: string; privateKey: string }> {
  return promisify(generateKeyPair)("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
}

const adding = new Map<string, Promise<unknown>>();

/** One add at a time per account in this process: a burst waits in line instead of making fifty keys at once. */
function oneAtATime<T>(accountId: string, work: () => Promise<T>): Promise<T> {
  const previous = adding.get(accountId) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(work);
  const tail = next.catch(() => undefined);
  adding.set(accountId, tail);
  void tail.then(() => {
    if (adding.get(accountId) === tail) adding.delete(accountId);
  });
  return next;
}

function domainConflict(name: string, yours: boolean) {
  return new AppError("CONFLICT", {
    message: yours ? `${name} is already on this account` : `${name} is already held by another account`,
    context: { reason: yours ? "taken_by_you" : "taken", domain: name },
  });
}
