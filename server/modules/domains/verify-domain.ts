import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { dnsRecordsFor, returnPathHostFor, type DnsRecord } from "./dns-records";
import { domainView } from "./domain-view";
import { configuredResolver } from "../../lib/dns-resolver";

export type RecordCheck = DnsRecord & { found: boolean };

/**
 * Looks the domain's records up in DNS. DKIM and the bounce host's MX and SPF
 * are required to send (DMARC is advice, the apex MX is only for inbound
 * mail). Once the required ones are published the domain is verified, with its
 * bounce host, and it becomes the primary one if the account has none. A
 * domain verified before bounce hosts existed keeps sending (its bounces to
 * the apex) until a verify finds the new records, and then moves to them.
 */
export async function verifyDomain(input: { accountId: string; domainId: string }) {
  const domain = await db().senderDomain.findFirst({ where: { id: input.domainId, accountId: input.accountId } });
  if (!domain) throw new AppError("NOT_FOUND", { message: `No domain ${input.domainId}` });
  const resolver = configuredResolver();
  const checks: RecordCheck[] = await Promise.all(
    dnsRecordsFor(domain).map(async (record) => ({ ...record, found: await published(resolver, record) })),
  );
  const ready = checks.every((c) => !c.required || c.found);
  const bounceHost = returnPathHostFor(domain.name);
  let updated = domain;
  if (ready && domain.status !== "verified") {
    updated = await db().$transaction(async (tx) => {
      const hasPrimary = (await tx.senderDomain.count({ where: { accountId: domain.accountId, isPrimary: true } })) > 0;
      return tx.senderDomain.update({
        where: { id: domain.id },
        data: {
          status: "verified",
          verifiedBy: "dns",
          verifiedAt: new Date(),
          isPrimary: !hasPrimary,
          returnPathHost: bounceHost,
        },
      });
    });
  } else if (ready && domain.returnPathHost !== bounceHost) {
    updated = await db().senderDomain.update({ where: { id: domain.id }, data: { returnPathHost: bounceHost } });
  }
  // The same dns_records every domain answer has, each saying whether DNS has it now (docs/decisions.md, "Domains").
  return { ...domainView(updated), dns_records: checks };
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
