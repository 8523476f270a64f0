// What Kasa needs to call Meta for a connected number, unsealed. The sandbox number has none: it never calls Meta.
import type { WhatsappNumber } from "../../db/generated/client";
import { unseal } from "../../lib/seal";

export type MetaCredentials = { phoneNumberId: string; wabaId: string; accessToken: string; appSecret: string };

export function metaCredentials(number: WhatsappNumber): MetaCredentials {
  if (number.sandbox || !number.phoneNumberId || !number.wabaId || !number.accessToken || !number.appSecret)
    throw new Error(`WhatsApp number ${number.id} is the sandbox: it has no Meta credentials`);
  return {
    phoneNumberId: number.phoneNumberId,
    wabaId: number.wabaId,
    accessToken: unseal(number.accessToken),
    appSecret: unseal(number.appSecret),
  };
}
