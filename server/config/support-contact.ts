import { config } from "./config";

/** "contact support", with the address when the deployment names one (KASA_SUPPORT_EMAIL). */
export function contactSupport(): string {
  const address = config().KASA_SUPPORT_EMAIL;
  return address ? `contact support at ${address}` : "contact support";
}
