import type { SenderDomain } from "../../db/generated/client";
import { unseal } from "../../lib/seal";
import { bounceAddress } from "./bounce-address";
import { bounceHostOf } from "../domains/dns-records";

export type Dkim = { domainName: string; keySelector: string; privateKey: string };

/** The domain's DKIM signing options, its private key unsealed; null for a sender with no key here (unsigned-domain.ts). */
export function dkimFor(domain: SenderDomain): Dkim | null {
  if (!domain.dkimPrivateKey) return null;
  return { domainName: domain.name, keySelector: domain.dkimSelector, privateKey: unseal(domain.dkimPrivateKey) };
}

/**
 * Message-ID and Return-Path of one message: both carry our email id, so a
 * bounce finds its message whichever of the two the remote server quotes. The
 * Return-Path is on the domain's bounce host (send.<domain>), or on the domain
 * itself for one verified before bounce hosts; the deployment may bring its
 * own (KASA_RETURN_PATH_DOMAIN).
 */
export function messageIdentity({
  emailId,
  domain,
  dkim,
}: {
  emailId: string;
  domain: { name: string; returnPathHost: string | null };
  dkim: Dkim | null;
}) {
  return {
    messageId: `<${emailId}@${domain.name}>`,
    envelopeFrom: bounceAddress(emailId, bounceHostOf(domain)),
    dkim: dkim ?? undefined,
  };
}
