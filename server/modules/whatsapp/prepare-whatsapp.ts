// POST /api/v1/whatsapp/send, its checks (issue #42, point 3): nothing is written and nothing charged until they all
// pass. The number (the key's mode's: a test key's is the sandbox), an APPROVED template with the right number of
// variables, or a free-form message inside the person's 24-hour window, and the price by country and category.
import type { WhatsappNumber, WhatsappTemplate } from "../../db/generated/client";
import { sendingNumbers, type SendingNumber } from "./sending-numbers";
import { fillVariables } from "./template-variables";
import { AppError } from "../../errors/app-error";
import { db } from "../../db/client";
import type { ApiCaller } from "../keys/resolve-api-key";
import { parseRecipientFor } from "../sms/suggest-e164";
import { GraphError, GraphUnavailable, type GraphOutboundMessage } from "../../providers/whatsapp/graph-api";
import { syncWhatsappTemplates } from "./sync-whatsapp-templates";
import { sandboxNumber } from "./sandbox-number";
import type { WhatsappRequest } from "./send-schemas";
import { customerServiceWindow } from "./whatsapp-window";
import { whatsappPrice } from "./whatsapp-price";

export type WhatsappPlan = {
  number: WhatsappNumber;
  to: string;
  countryIso: string;
  kind: "template" | "text" | "image" | "document";
  category: string;
  /** What the person reads: the text, the caption, or the template's body with its variables in place. */
  body: string | null;
  media: { link: string; filename?: string } | null;
  template: { name: string; language: string } | null;
  /** The request Meta gets. */
  message: GraphOutboundMessage;
  priceMicros: bigint;
  currency: string;
};

/** Who sends: a key, or the dashboard's test form (no key). */
export type WhatsappCaller = Pick<ApiCaller, "accountId" | "mode"> & { keyId: string | null };

export async function prepareWhatsapp(input: WhatsappRequest, caller: WhatsappCaller): Promise<WhatsappPlan> {
  const { e164, countryIso } = await parseRecipientFor({ to: input.to, accountId: caller.accountId });
  const { number, template } = await pickNumber(input.from, caller, input.template);
  const content = input.template
    ? await templateContent(number, input.template, template)
    : await freeFormContent(number, e164, input);
  const price = await whatsappPrice(countryIso, content.category);
  return { number, to: e164, countryIso, ...content, ...price };
}

/**
 * The number a send goes from: `from` (its id or display number) among the key's mode's, or the only one; with the
 * template the send names, as that number has it (one query for both).
 */
export async function pickNumber(
  from: string | undefined,
  caller: WhatsappCaller,
  template?: { name: string; language: string },
): Promise<SendingNumber> {
  if (caller.mode === "test") {
    let [sandbox] = await sendingNumbers(caller, template);
    // Made on first use, with its templates.
    if (!sandbox) {
      await sandboxNumber(caller.accountId);
      [sandbox] = await sendingNumbers(caller, template);
    }
    const n = sandbox!.number;
    if (from !== undefined && from !== n.id && digits(from) !== digits(n.displayPhoneNumber))
      throw refusal("test_key_sandbox_only", `A test key sends from the sandbox number (${n.id}) only`);
    return sandbox!;
  }
  const numbers = await sendingNumbers(caller, template);
  if (!numbers.length)
    throw refusal(
      "no_whatsapp_number",
      "No WhatsApp Business number is connected for live sends: connect one (POST /api/v1/whatsapp/numbers), or send with a test key from the sandbox",
    );
  if (from === undefined) {
    if (numbers.length === 1) return numbers[0]!;
    throw refusal("from_required", "This account has several WhatsApp numbers: say which in from");
  }
  const found = numbers.find((n) => n.number.id === from || digits(n.number.displayPhoneNumber) === digits(from));
  if (!found) throw refusal("unknown_from", `${from} is not one of this account's WhatsApp numbers`);
  return found;
}

async function templateContent(
  number: WhatsappNumber,
  wanted: NonNullable<WhatsappRequest["template"]>,
  found: WhatsappTemplate | null,
): Promise<Omit<WhatsappPlan, "number" | "to" | "countryIso" | "priceMicros" | "currency">> {
  const find = () =>
    db().whatsappTemplate.findUnique({
      where: { numberId_name_language: { numberId: number.id, name: wanted.name, language: wanted.language } },
    });
  let template = found;
  // One Kasa has not seen may have been made or approved since the last read: Meta is read again, at most once a minute.
  if ((!template || template.status !== "APPROVED") && (await readAgainFromMeta(number))) template = await find();
  if (!template)
    throw refusal(
      "template_not_found",
      `The number has no template ${wanted.name} in ${wanted.language} (GET /api/v1/whatsapp/templates lists them)`,
    );
  if (template.status !== "APPROVED")
    throw refusal(
      "template_not_approved",
      `Template ${wanted.name} is ${template.status} at Meta: only APPROVED ones send`,
      {
        template_status: template.status,
      },
    );
  const variables = wanted.variables ?? [];
  if (variables.length !== template.variables)
    throw refusal(
      "template_variables",
      `Template ${wanted.name} takes ${template.variables} variable${template.variables === 1 ? "" : "s"}; ${variables.length} given`,
      { expected: template.variables, given: variables.length },
    );
  const body = template.body ? fillVariables(template.body, variables) : null;
  const parameters = variables.map((text) => ({ type: "text", text }));
  const components: Record<string, unknown>[] = parameters.length ? [{ type: "body", parameters }] : [];
  // An authentication template's copy-code button carries the code again (Meta's copy_code: sub_type url, index 0).
  if (template.category === "authentication" && hasUrlButton(template.components) && variables[0])
    components.push({
      type: "button",
      sub_type: "url",
      index: "0",
      parameters: [{ type: "text", text: variables[0] }],
    });
  return {
    kind: "template",
    category: template.category,
    body,
    media: null,
    template: { name: template.name, language: template.language },
    message: {
      type: "template",
      template: {
        name: template.name,
        language: { code: template.language },
        ...(components.length ? { components } : {}),
      },
    },
  };
}

async function freeFormContent(number: WhatsappNumber, to: string, input: WhatsappRequest) {
  const window = await customerServiceWindow(number.id, to);
  if (!window.open)
    throw refusal(
      "outside_customer_service_window",
      window.closesAt
        ? `The 24-hour window with ${to} closed at ${window.closesAt.toISOString()}: send an approved template`
        : `${to} has not written to this number: outside the 24-hour window only approved templates can be sent`,
      { window_closed_at: window.closesAt?.toISOString() ?? null },
    );
  const base = { category: "service", template: null };
  if (input.text !== undefined)
    return {
      ...base,
      kind: "text" as const,
      body: input.text,
      media: null,
      message: { type: "text" as const, text: { body: input.text, preview_url: /https?:\/\//.test(input.text) } },
    };
  if (input.image)
    return {
      ...base,
      kind: "image" as const,
      body: input.image.caption ?? null,
      media: { link: input.image.url },
      message: { type: "image" as const, image: { link: input.image.url, caption: input.image.caption } },
    };
  const doc = input.document!;
  return {
    ...base,
    kind: "document" as const,
    body: doc.caption ?? null,
    media: { link: doc.url, ...(doc.filename ? { filename: doc.filename } : {}) },
    message: { type: "document" as const, document: { link: doc.url, caption: doc.caption, filename: doc.filename } },
  };
}

const REREAD_AFTER_MS = 60_000;

async function readAgainFromMeta(number: WhatsappNumber): Promise<boolean> {
  if (number.sandbox) return false;
  if (number.templatesSyncedAt && Date.now() - number.templatesSyncedAt.getTime() < REREAD_AFTER_MS) return false;
  try {
    await syncWhatsappTemplates(number.id);
    return true;
  } catch (error) {
    // Meta not answering now: the send is judged on what Kasa last read.
    if (error instanceof GraphError || error instanceof GraphUnavailable) return false;
    throw error;
  }
}

function hasUrlButton(components: unknown): boolean {
  return (
    Array.isArray(components) &&
    components.some(
      (c) =>
        (c as { type?: string }).type === "BUTTONS" &&
        ((c as { buttons?: { type?: string }[] }).buttons ?? []).some((b) => b.type === "URL" || b.type === "OTP"),
    )
  );
}

const digits = (s: string) => s.replace(/\D/g, "");

export function refusal(reason: string, message: string, context: Record<string, unknown> = {}) {
  return new AppError("INVALID_REQUEST", { message, context: { reason, ...context } });
}
