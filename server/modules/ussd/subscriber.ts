// The subscriber of a USSD session: their number in E.164 (refused with INVALID_PHONE_NUMBER otherwise) and the
// network their range was allocated to, whose MCC and MNC the app is sent as networkCode.
import { lookupTarget } from "../lookup/look-up-number";
import { allocatedNetwork } from "../networks/allocated-network";
import { networkCatalogue } from "../networks/network-catalogue";

export type Subscriber = {
  phoneNumber: string;
  country: string | null;
  network: string | null;
  networkCode: string | null;
};

export async function subscriberOf(phoneNumber: string): Promise<Subscriber> {
  const phone = lookupTarget(phoneNumber);
  const network = phone.country
    ? allocatedNetwork(await networkCatalogue(), phone.country, phone.nationalNumber)
    : null;
  return {
    phoneNumber: phone.number,
    country: phone.country ?? null,
    network: network?.slug ?? null,
    networkCode: network ? `${network.mcc}${network.mncs[0] ?? ""}` : null,
  };
}
