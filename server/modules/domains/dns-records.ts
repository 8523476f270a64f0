import { createPublicKey } from "node:crypto";
import { publicUrl } from "../../config/public-url";

export type DnsRecord = {
  purpose: "dkim" | "spf" | "dmarc" | "mx";
  type: "TXT" | "MX";
  name: string;
  value: string;
  priority?: number;
};

/**
 * What a customer publishes for a sending domain: the DKIM public key under
 * <selector>._domainkey, an SPF include of our relays, a DMARC policy to start
 * from (monitoring only), and an MX for inbound mail to its mailboxes.
 */
export function dnsRecordsFor(domain: { name: string; dkimSelector: string; dkimPublicKey: string }): DnsRecord[] {
  const host = new URL(publicUrl()).hostname;
  const spfInclude = process.env.KASA_SPF_INCLUDE ?? `_spf.${host}`;
  const inboundMx = process.env.KASA_INBOUND_MX ?? `inbound.${host}`;
  return [
    {
      purpose: "dkim",
      type: "TXT",
      name: `${domain.dkimSelector}._domainkey.${domain.name}`,
      value: `v=DKIM1; k=rsa; p=${publicKeyBase64(domain.dkimPublicKey)}`,
    },
    { purpose: "spf", type: "TXT", name: domain.name, value: `v=spf1 include:${spfInclude} ~all` },
    {
      purpose: "dmarc",
      type: "TXT",
      name: `_dmarc.${domain.name}`,
      value: `v=DMARC1; p=none; rua=mailto:dmarc-reports@${domain.name}`,
    },
    { purpose: "mx", type: "MX", name: domain.name, value: inboundMx, priority: 10 },
  ];
}

/** The DER (SubjectPublicKeyInfo) of the key, base64, as DKIM's p= tag wants it. */
export function publicKeyBase64(pem: string): string {
  return createPublicKey(pem).export({ type: "spki", format: "der" }).toString("base64");
}
