import { accountCsvDownload } from "@/server/auth/account-csv-download";
import { consentCsvStream } from "@/server/modules/contacts/consent-export";

export const dynamic = "force-dynamic";

/** Consent on record, per contact and channel, as CSV for an audit: owners only. */
export async function GET(_request: Request, { params }: { params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  return accountCsvDownload(accountId, "owner", async () => ({
    filename: `kasa-consent-${accountId}.csv`,
    csv: consentCsvStream(accountId),
  }));
}
