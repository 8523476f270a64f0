// An SMS row as the send path stores it, written straight to the table, for
// tests about what happens after a send (replies, lookups) without a carrier.
import { db } from "../server/db/client";
import { newTransactionId } from "../server/lib/transaction-ids";

export async function storedSms(input: {
  accountId: string;
  apiKeyId: string;
  mode?: "test" | "live";
  to: string;
  sender?: string;
  minutesAgo?: number;
}): Promise<string> {
  const at = new Date(Date.now() - (input.minutesAgo ?? 0) * 60_000);
  const row = await db().smsMessage.create({
    data: {
      id: newTransactionId("sms"),
      accountId: input.accountId,
      apiKeyId: input.apiKeyId,
      mode: input.mode ?? "live",
      toNumber: input.to,
      sender: input.sender ?? "Kasa",
      body: "Reply YES",
      encoding: "gsm7",
      characters: 9,
      segments: 1,
      countryIso: "GH",
      route: "africa_local",
      region: "africa",
      provider: "b",
      status: "sent",
      priceMicros: 20_000n,
      currency: "USD",
      createdAt: at,
      updatedAt: at,
    },
  });
  return row.id;
}
