import type { SenderDomain } from "../../db/generated/client";

/**
 * A sender that is none of the account's domains (the sandbox sender, Verify's deployment sender), as the relay
 * hand-over reads a domain: its name (for the Message-ID), no bounce host, no tracking, and no key of Kasa's to
 * sign with (dkimFor answers null for it).
 */
export function unsignedDomain(name: string): SenderDomain {
  return {
    id: `unsigned:${name}`,
    name,
    returnPathHost: null,
    openTracking: false,
    clickTracking: false,
    dkimPrivateKey: null,
  } as unknown as SenderDomain;
}
