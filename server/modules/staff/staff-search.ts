import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { db } from "../../db/client";
import type { Prisma } from "../../db/generated/client";
import { toAmountNumber } from "../../lib/money";

export type FoundTransaction = {
  id: string;
  kind: "sms" | "email" | "data" | "airtime" | "batch" | "payment";
  accountId: string;
  summary: string;
  status: string;
  createdAt: Date;
};
export type FoundAccount = { id: string; name: string; status: string; plan: string; owner: string | null };
export type FoundRequest = {
  requestId: string;
  method: string;
  path: string;
  status: number;
  errorCode: string | null;
  accountId: string | null;
  transactionId: string | null;
  createdAt: Date;
};

const LIMIT = 25;

/**
 * One search box for support: a transaction, batch, email or carrier message
 * id, a phone number (any common form), an email address, a customer
 * reference, an account id, name or owner email, a request id (req_...). Every interpretation that
 * fits is tried; results come newest first.
 */
export async function staffSearch(
  raw: string,
): Promise<{ transactions: FoundTransaction[]; accounts: FoundAccount[]; requests: FoundRequest[] }> {
  const q = raw.trim();
  if (q.length < 3) return { transactions: [], accounts: [], requests: [] };
  const phone = asPhone(q);
  const email = /^[^\s@]+@[^\s@]+$/.test(q) ? q.toLowerCase() : null;
  // A number may have had a million messages: to it and from it are each read newest first from their own
  // (number, created_at) index, LIMIT rows each, never all of them sorted.
  const newestSms = (where: Prisma.SmsMessageWhereInput) =>
    db().smsMessage.findMany({ where, orderBy: { createdAt: "desc" }, take: LIMIT });
  const [sms, smsTo, smsFrom, emails, topups, payments, parts, accounts, requests] = await Promise.all([
    newestSms({ OR: [{ id: q }, { providerMessageId: q }, { reference: q }] }),
    phone ? newestSms({ toNumber: phone }) : [],
    phone ? newestSms({ sender: phone }) : [],
    db().emailMessage.findMany({
      where: {
        OR: [
          { id: q },
          { transactionId: q },
          { batchId: q },
          { smtpMessageId: q },
          // Recipients only: a sender is "Name <address>", which no index reads by its address; the account
          // that sends from an address is found by its owner's email instead.
          ...(email ? [{ toAddresses: { has: email } }] : []),
        ],
      },
      orderBy: { createdAt: "desc" },
      take: LIMIT,
    }),
    db().topup.findMany({
      where: { OR: [{ id: q }, { providerReference: q }, ...(phone ? [{ phoneNumber: phone }] : [])] },
      orderBy: { createdAt: "desc" },
      take: LIMIT,
    }),
    db().payment.findMany({ where: { OR: [{ id: q }, { reference: q }] }, take: LIMIT }),
    db().smsPart.findMany({ where: { carrierMessageId: q }, select: { smsId: true }, take: LIMIT }),
    db().account.findMany({
      where: {
        OR: [
          { id: q },
          { name: { contains: q, mode: "insensitive" } },
          ...(email
            ? [{ memberships: { some: { user: { email: { equals: email, mode: "insensitive" as const } } } } }]
            : []),
        ],
      },
      include: {
        plan: true,
        memberships: { where: { role: "owner" }, include: { user: { select: { email: true } } } },
      },
      take: LIMIT,
    }),
    // The X-Request-Id a customer quotes: that one answer, and through it the transaction it made.
    q.startsWith("req_")
      ? db().requestLog.findMany({ where: { requestId: q }, orderBy: { id: "desc" }, take: LIMIT })
      : Promise.resolve([]),
  ]);
  const partSms = parts.length
    ? await db().smsMessage.findMany({ where: { id: { in: parts.map((p) => p.smsId) } } })
    : [];
  const transactions: FoundTransaction[] = [
    ...[...sms, ...smsTo, ...smsFrom, ...partSms].map((m) => ({
      id: m.id,
      kind: "sms" as const,
      accountId: m.accountId,
      summary: `SMS to ${m.toNumber}: ${m.body.slice(0, 60)}`,
      status: m.status,
      createdAt: m.createdAt,
    })),
    ...emails.map((m) => ({
      id: m.transactionId,
      kind: "email" as const,
      accountId: m.accountId,
      summary: `Email to ${m.toAddresses.join(", ")}: ${m.subject}`,
      status: m.status,
      createdAt: m.createdAt,
    })),
    ...topups.map((t) => ({
      id: t.id,
      kind: t.kind as "data" | "airtime",
      accountId: t.accountId,
      summary: `${t.kind === "data" ? `${Number(t.capacityGb)} GB ${t.network}` : `${Number(t.amount)} ${t.amountCurrency} airtime`} to ${t.phoneNumber}`,
      status: t.status,
      createdAt: t.createdAt,
    })),
    ...payments.map((p) => ({
      id: p.id,
      kind: "payment" as const,
      accountId: p.accountId,
      summary: `Top-up of ${toAmountNumber(p.amountMicros)} ${p.currency} by ${p.provider}`,
      status: p.status,
      createdAt: p.createdAt,
    })),
  ];
  const unique = [...new Map(transactions.map((t) => [t.id, t])).values()].sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime(),
  );
  return {
    transactions: unique.slice(0, LIMIT),
    accounts: accounts.map((a) => ({
      id: a.id,
      name: a.name,
      status: a.status,
      plan: a.plan.name,
      owner: a.memberships[0]?.user.email ?? null,
    })),
    requests: requests.map((r) => ({
      requestId: r.requestId!,
      method: r.method,
      path: r.path,
      status: r.status,
      errorCode: r.errorCode,
      accountId: r.accountId,
      transactionId: r.transactionId,
      createdAt: r.createdAt,
    })),
  };
}

/** +233241234567, 233241234567, 0241234567 (read as Ghanaian) or any E.164 number: its E.164 form. */
function asPhone(q: string): string | null {
  const compact = q.replace(/[\s()-]/g, "");
  if (!/^\+?\d{7,15}$/.test(compact)) return null;
  const parsed = parsePhoneNumberFromString(
    compact.startsWith("+") ? compact : compact.startsWith("0") ? compact : `+${compact}`,
    "GH",
  );
  return parsed?.isValid() ? parsed.number : null;
}
