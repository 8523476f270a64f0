import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { dnsRecordsFor, type DnsRecord } from "./dns-records";
import { configuredResolver } from "../../lib/dns-resolver";

export type RecordCheck = DnsRecord & { found: boolean; required: boolean };

/**
 * Looks the domain's records up in DNS. DKIM and SPF are required to send
 * (DMARC and MX are advice, and MX is needed only for inbound mail). Once the
 * required ones are published the domain is verified, and it becomes the
 * primary one if the account has none.
 */
export async function verifyDomain(input: { accountId: string; domainId: string }) {
  const domain = await db().senderDomain.findFirst({ where: { id: input.domainId, accountId: input.accountId } });
  if (!domain) throw new AppError("NOT_FOUND", { message: `No domain ${input.domainId}` });
  const resolver = configuredResolver();
  const checks: RecordCheck[] = await Promise.all(
    dnsRecordsFor(domain).map(async (record) => ({
      ...record,
      required: record.purpose === "dkim" || record.purpose === "spf",
      found: await published(resolver, record),
    })),
  );
  const ready = checks.every((c) => !c.required || c.found);
  let updated = domain;
  if (ready && domain.status !== "verified") {
    updated = await db().$transaction(async (tx) => {
      const hasPrimary = (await tx.senderDomain.count({ where: { accountId: domain.accountId, isPrimary: true } })) > 0;
      return tx.senderDomain.update({
        where: { id: domain.id },
        data: { status: "verified", verifiedBy: "dns", verifiedAt: new Date(), isPrimary: !hasPrimary },
      });
    });
  }
  return { id: updated.id, name: updated.name, status: updated.status, primary: updated.isPrimary, records: checks };
}

async function published(resolver: ReturnType<typeof configuredResolver>, record: DnsRecord): Promise<boolean> {
  try {
    if (record.type === "MX")
      return (await resolver.resolveMx(record.name)).some(
        (mx) => mx.exchange.toLowerCase() === record.value.toLowerCase(),
      );
    const texts = (await resolver.resolveTxt(record.name)).map((chunks) => chunks.join(""));
    if (record.purpose === "dkim") return texts.some((t) => normalise(t) === normalise(record.value));
    if (record.purpose === "spf")
      return texts.some((t) => t.startsWith("v=spf1") && t.includes(record.value.split(" ")[1]!));
    return texts.some((t) => t.startsWith("v=DMARC1"));
  } catch {
    return false; // NXDOMAIN, no data, timeout: not published (yet)
  }
}

const normalise = (txt: string) => txt.replace(/\s+/g, "");
