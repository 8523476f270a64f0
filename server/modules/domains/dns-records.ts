import { createPublicKey } from "node:crypto";
import { publicUrl } from "../../config/public-url";
import { config } from "../../config/config";

export type DnsRecord = {
  purpose: "dkim" | "return_path" | "spf" | "dmarc" | "mx";
  type: "TXT" | "MX";
  name: string;
  value: string;
  priority?: number;
  /** Needed to send (DKIM, and the bounce host's MX and SPF); the others are advice or optional. */
  required: boolean;
  /** What the record is for, in a sentence the domain page shows. */
  note: string;
};

/**
 * The host bounces of this domain's mail come back to (the Return-Path):
 * a subdomain of its own (`send.<domain>`, KASA_RETURN_PATH_SUBDOMAIN) whose
 * MX points at Kasa, so the customer's own mailboxes (the apex MX) stay where
 * they are; or, with KASA_RETURN_PATH_DOMAIN, a domain of the deployment's.
 */
export function returnPathHostFor(domainName: string): string {
  const { KASA_RETURN_PATH_DOMAIN: shared, KASA_RETURN_PATH_SUBDOMAIN: subdomain } = config();
  if (shared) return shared.toLowerCase();
  return `${subdomain ?? "send"}.${domainName}`;
}

/**
 * Where this domain's mail is sent from now (its Return-Path's host): the
 * deployment's bounce domain when it has one, else the host the domain's
 * records were verified for, else, for a domain verified before bounce hosts,
 * the domain itself.
 */
export function bounceHostOf(domain: { name: string; returnPathHost: string | null }): string {
  return config().KASA_RETURN_PATH_DOMAIN?.toLowerCase() ?? domain.returnPathHost ?? domain.name;
}

/**
 * What a customer publishes for a sending domain: the DKIM public key under
 * <selector>._domainkey, the bounce host's MX and SPF (unless the deployment
 * brings its own bounce domain), a DMARC policy to start from (monitoring
 * only), and, only for inbound mailboxes, an MX on the domain itself.
 */
export function dnsRecordsFor(domain: { name: string; dkimSelector: string; dkimPublicKey: string }): DnsRecord[] {
  const host = new URL(publicUrl()).hostname;
  const settings = config();
  const spfInclude = settings.KASA_SPF_INCLUDE ?? `_spf.${host}`;
  const inboundMx = settings.KASA_INBOUND_MX ?? `inbound.${host}`;
  const bounceHost = returnPathHostFor(domain.name);
  const ownBounceHost = !settings.KASA_RETURN_PATH_DOMAIN;
  return [
    {
      purpose: "dkim",
      type: "TXT",
      name: `${domain.dkimSelector}._domainkey.${domain.name}`,
      value: `v=DKIM1; k=rsa; p=${publicKeyBase64(domain.dkimPublicKey)}`,
      required: true,
      note: "Signs every message, so receivers can tell it is really from this domain.",
    },
    ...(ownBounceHost
      ? [
          {
            purpose: "return_path" as const,
            type: "MX" as const,
            name: bounceHost,
            value: inboundMx,
            priority: 10,
            required: true,
            note: `Bounces and delivery reports come back to ${bounceHost}; the domain's own MX is not touched.`,
          },
          {
            purpose: "spf" as const,
            type: "TXT" as const,
            name: bounceHost,
            value: `v=spf1 include:${spfInclude} ~all`,
            required: true,
            note: `Lets Kasa's relays send with ${bounceHost} as the envelope sender (SPF, aligned with DMARC).`,
          },
        ]
      : []),
    {
      purpose: "dmarc",
      type: "TXT",
      name: `_dmarc.${domain.name}`,
      value: `v=DMARC1; p=none; rua=mailto:dmarc-reports@${domain.name}`,
      required: false,
      note: "Recommended: a policy to start from (monitoring only). Keep yours if you have one.",
    },
    {
      purpose: "mx",
      type: "MX",
      name: domain.name,
      value: inboundMx,
      priority: 10,
      required: false,
      note: "Optional, only to receive mail at mailboxes on this domain (email.received). Not needed to send; leave your own MX if your mailboxes live elsewhere.",
    },
  ];
}

/** The DER (SubjectPublicKeyInfo) of the key, base64, as DKIM's p= tag wants it. */
export function publicKeyBase64(pem: string): string {
  return createPublicKey(pem).export({ type: "spki", format: "der" }).toString("base64");
}
