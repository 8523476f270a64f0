// Who Kasa is to an authenticator: the origin people sign in on
// (KASA_WEBAUTHN_ORIGIN, by default the public URL's) and its host name as
// the relying party id. WebAuthn refuses IP addresses as ids, so a machine
// reached as 127.0.0.1 sets KASA_WEBAUTHN_ORIGIN to its http://localhost form.
import { publicUrl } from "../../../../config/public-url";
import { config } from "../../../../config/config";

export function relyingParty(): { id: string; name: string; origin: string } {
  const origin = new URL(config().KASA_WEBAUTHN_ORIGIN ?? publicUrl()).origin;
  return { id: new URL(origin).hostname, name: "Kasa", origin };
}

export const CHALLENGE_TTL_MS = 5 * 60_000;
