import { AppError } from "../../errors/app-error";
import { parseMailboxes } from "../email/addresses";

/** One address, lower-cased, as a verification records it: send and check-by-`to` read it alike. */
export function emailAddressOf(to: string): string {
  const found = parseMailboxes("to", to);
  if (found.length !== 1)
    throw new AppError("INVALID_EMAIL", {
      message: `Verify sends to one address; "${to}" is not one`,
      context: { field: "to", address: to },
    });
  return found[0]!.address.toLowerCase();
}
