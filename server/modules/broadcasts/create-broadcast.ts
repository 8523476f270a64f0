// POST /api/v1/broadcasts: a draft, its content copied from the template (or
// given inline) and checked, its audience counted and its cost estimated per
// destination country from the list's contacts, as the sends will be priced.
import { db, sql } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { newId } from "../../lib/ids";
import type { AccountScope, ApiCaller } from "../keys/resolve-api-key";
import { countSegments } from "../../lib/sms-segments";
import { resolveRoute } from "../sms/resolve-route";
import { EMAIL_PRICE_PER_RECIPIENT_MICROS } from "../email/pricing";
import { checkTemplateContent, type TemplateContent } from "../templates/template-content";
import { renderTemplate } from "../templates/render-template";
import { SAMPLE_CONTACT } from "../templates/preview-template";
import { broadcastView } from "./broadcast-view";
import { broadcastTiming } from "./broadcast-timing";
import { MAX_SCHEDULE_DAYS, type CreateBroadcastInput } from "./schemas";
import { consentCountries } from "../coverage/consent-countries";
import { shortenBody } from "../sms/short-links/shorten-body";
import { shortUrlBase } from "../../config/public-url";

type ConsentAsked = { smsCountries: Set<string>; email: boolean };

/** Where this broadcast will be held to consent on record: the countries whose rule asks for it, and email's setting. */
async function consentAsked(input: CreateBroadcastInput, accountId: string): Promise<ConsentAsked> {
  const none: ConsentAsked = { smsCountries: new Set(), email: false };
  if (input.consent_held_elsewhere) return none;
  if (input.channel === "email") {
    const account = await db().account.findUnique({ where: { id: accountId }, select: { emailConsentRequired: true } });
    return { ...none, email: account?.emailConsentRequired === true };
  }
  return { ...none, smsCountries: await consentCountries(input.category ?? "promotional") };
}

export async function prepareBroadcast(input: CreateBroadcastInput, caller: AccountScope) {
  const list = await db().contactList.findFirst({
    where: { id: input.list_id, accountId: caller.accountId, mode: caller.mode },
  });
  if (!list) throw new AppError("NOT_FOUND", { message: `No list ${input.list_id} on this account` });
  const content = await contentOf(input, caller);
  const scheduledAt = input.scheduled_at ? new Date(input.scheduled_at) : null;
  if (scheduledAt && scheduledAt.getTime() > Date.now() + MAX_SCHEDULE_DAYS * 86_400_000)
    throw new AppError("INVALID_REQUEST", {
      message: `scheduled_at is at most ${MAX_SCHEDULE_DAYS} days ahead`,
      context: { field: "scheduled_at" },
    });
  return { list, content, scheduledAt };
}

async function contentOf(
  input: CreateBroadcastInput,
  caller: AccountScope,
): Promise<TemplateContent & { templateVersion?: number }> {
  if (!input.template_id) return checkTemplateContent(input.channel, input);
  const t = await db().template.findFirst({
    where: { id: input.template_id, accountId: caller.accountId, mode: caller.mode },
  });
  if (!t) throw new AppError("NOT_FOUND", { message: `No template ${input.template_id} on this account` });
  if (t.channel !== input.channel)
    throw new AppError("INVALID_REQUEST", {
      message: `Template ${t.id} is for ${t.channel}, not ${input.channel}`,
      context: { field: "template_id", conflicts_with: "channel" },
    });
  return {
    body: t.body ?? undefined,
    subject: t.subject ?? undefined,
    html: t.html ?? undefined,
    text: t.text ?? undefined,
    // The broadcast's own choice, else the template's (copied, like the content).
    shortenLinks: t.channel === "sms" && (input.shorten_links ?? t.shortenLinks),
    // The broadcast keeps this copy: an edit of the template later makes a new version and leaves it alone.
    templateVersion: t.version,
  };
}

export async function createBroadcast({
  input,
  prepared,
  caller,
}: {
  input: CreateBroadcastInput;
  prepared: Awaited<ReturnType<typeof prepareBroadcast>>;
  caller: Pick<ApiCaller, "accountId" | "mode" | "keyId">;
}) {
  const { cost, audience } = await estimateCost({
    channel: input.channel,
    listId: prepared.list.id,
    content: prepared.content,
    consent: await consentAsked(input, caller.accountId),
  });
  const broadcast = await db().broadcast.create({
    data: {
      id: newId("brd"),
      accountId: caller.accountId,
      mode: caller.mode,
      apiKeyId: caller.keyId,
      name: input.name.trim(),
      channel: input.channel,
      listId: prepared.list.id,
      templateId: input.template_id ?? null,
      ...prepared.content,
      sender: input.from ?? null,
      senderFallback: input.channel === "sms" && input.sender_fallback === true,
      consentHeldElsewhere: input.consent_held_elsewhere === true,
      category: input.channel === "sms" ? (input.category ?? "promotional") : "promotional",
      scheduledAt: prepared.scheduledAt,
      recipients: prepared.list.contacts,
      estimatedCostMicros: cost,
      audienceCountries: audience,
    },
  });
  return { ...broadcastView(broadcast), ...(await broadcastTiming(broadcast)) };
}

/**
 * SMS: per destination country, its contacts (with a phone, still subscribed) x the route's price per segment x the
 * sample's segments (names change the length a little: it is an estimate). Email: the subscribed addresses x the
 * price of one. With the audience per country ("" for email), from which its finish is estimated.
 */
async function estimateCost({
  channel,
  listId,
  content,
  consent,
}: {
  channel: "sms" | "email";
  listId: string;
  content: TemplateContent;
  consent: ConsentAsked;
}): Promise<{ cost: bigint; audience: Record<string, number> }> {
  if (channel === "email") {
    const { rows } = await sql().query<{ n: string }>(
      `SELECT count(*) AS n FROM contact_list_members m JOIN contacts c ON c.id = m.contact_id
       WHERE m.list_id = $1 AND c.email IS NOT NULL AND c.email_unsubscribed_at IS NULL
         ${consent.email ? "AND c.email_consent_at IS NOT NULL AND c.email_consent_withdrawn_at IS NULL" : ""}`,
      [listId],
    );
    return { cost: BigInt(rows[0]!.n) * EMAIL_PRICE_PER_RECIPIENT_MICROS, audience: { "": Number(rows[0]!.n) } };
  }
  // Short links have the same length whatever their ids: the sample's are as long as every recipient's.
  const sample = renderTemplate({ text: content.body!, contact: SAMPLE_CONTACT });
  const sent = content.shortenLinks ? shortenBody(sample, { base: shortUrlBase() }).body : sample;
  const segments = BigInt(countSegments(sent).segments);
  const { rows } = await sql().query<{ country_iso: string | null; n: string; consented: string }>(
    `SELECT c.country_iso, count(*) AS n,
            count(*) FILTER (WHERE c.sms_consent_at IS NOT NULL AND c.sms_consent_withdrawn_at IS NULL) AS consented
     FROM contact_list_members m JOIN contacts c ON c.id = m.contact_id
     WHERE m.list_id = $1 AND c.phone IS NOT NULL AND c.sms_unsubscribed_at IS NULL GROUP BY 1`,
    [listId],
  );
  let total = 0n;
  const audience: Record<string, number> = {};
  for (const row of rows) {
    if (!row.country_iso) continue;
    // Where consent is asked for, only those with it will be sent to.
    const n = consent.smsCountries.has(row.country_iso) ? row.consented : row.n;
    audience[row.country_iso] = Number(n);
    const route = await resolveRoute({ countryIso: row.country_iso }).catch(() => null);
    if (route) total += route.pricePerSegmentMicros * segments * BigInt(n);
  }
  return { cost: total, audience };
}
