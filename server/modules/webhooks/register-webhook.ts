import { randomUUID } from "node:crypto";
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { seal } from "../../lib/seal";
import { newWebhookSecret } from "./sign-webhook";
import { ALL_EVENTS, WEBHOOK_EVENTS } from "./events";
import { unsafeHostReason } from "./url-safety";

export type RegisterInput = { url?: unknown; events?: unknown; secret?: unknown };

/**
 * POST /api/v1/webhooks (SPEC 4.5): one endpoint per account; registering
 * again updates it. The secret (given, or generated as whsec_...) is in this
 * answer only.
 */
export async function registerWebhook(accountId: string, input: RegisterInput) {
  const url = checkUrl(input.url);
  const events = checkEvents(input.events);
  const reason = await unsafeHostReason(url.hostname);
  if (reason)
    throw new AppError("INVALID_URL", {
      message: `Webhook URL not allowed: ${reason}`,
      context: { reason: "forbidden_address" },
    });
  if (
    input.secret !== undefined &&
    (typeof input.secret !== "string" || input.secret.length < 16 || input.secret.length > 256)
  ) {
    throw new AppError("INVALID_REQUEST", {
      message: "secret must be a string of 16 to 256 characters",
      context: { errors: [{ type: "secret", loc: ["body", "secret"], msg: "16 to 256 characters" }] },
    });
  }
  const secret = (input.secret as string | undefined) ?? newWebhookSecret();
  const now = new Date();
  const endpoint = await db().webhookEndpoint.upsert({
    where: { accountId },
    create: {
      id: randomUUID(),
      accountId,
      url: url.toString(),
      events,
      secret: seal(secret),
      active: true,
      createdAt: now,
      updatedAt: now,
    },
    // Saving again is also how a disabled endpoint is turned back on, with a clean slate.
    update: {
      url: url.toString(),
      events,
      secret: seal(secret),
      active: true,
      disabledReason: null,
      disabledAt: null,
      failingSince: null,
      previousSecret: null,
      previousSecretExpiresAt: null,
      updatedAt: now,
    },
  });
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    secret,
    active: endpoint.active,
    created_at: endpoint.createdAt.toISOString(),
  };
}

function checkUrl(raw: unknown): URL {
  if (typeof raw !== "string" || raw.trim() === "")
    throw new AppError("INVALID_URL", { message: "url is required and must use https://" });
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new AppError("INVALID_URL", { message: `"${raw}" is not a URL` });
  }
  if (url.protocol !== "https:") throw new AppError("INVALID_URL", { message: "Webhook URLs must use https://" });
  if (url.username || url.password)
    throw new AppError("INVALID_URL", { message: "Webhook URLs must not carry credentials" });
  return url;
}

function checkEvents(raw: unknown): string[] {
  const valid = `valid events: ${WEBHOOK_EVENTS.join(", ")}, or "*" for all`;
  if (!Array.isArray(raw) || raw.length === 0)
    throw new AppError("INVALID_EVENTS", {
      message: `events must be a non-empty list; ${valid}`,
      context: { valid_events: WEBHOOK_EVENTS },
    });
  const unknown = raw.filter((e) => typeof e !== "string" || (e !== ALL_EVENTS && !WEBHOOK_EVENTS.includes(e)));
  if (unknown.length)
    throw new AppError("INVALID_EVENTS", {
      message: `Unsupported events: ${unknown.map(String).join(", ")}; ${valid}`,
      context: { invalid_events: unknown, valid_events: WEBHOOK_EVENTS },
    });
  return [...new Set(raw as string[])];
}
