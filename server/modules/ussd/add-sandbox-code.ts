// A sandbox extension of the deployment's shared test code (KASA_USSD_SANDBOX_CODE, *384# gives *384*100#): an
// account's own USSD code for test keys, made at once, with no carrier involved. Every account has one (the first
// is made when its codes are first listed); it may add a few more, one per app it builds.
import { db, type Tx } from "../../db/client";
import { config } from "../../config/config";
import { AppError } from "../../errors/app-error";
import { newId } from "../../lib/ids";
import { seal } from "../../lib/seal";
import { newWebhookSecret } from "../webhooks/sign-webhook";
import { ussdCodeView, type UssdCodeView } from "./ussd-code-view";

export const MAX_SANDBOX_CODES = 5;

/** The deployment's shared test code, whose extensions are sandbox codes. */
export function sharedTestCode(): string {
  return config().KASA_USSD_SANDBOX_CODE ?? "*384#";
}

/** The sandbox code the sequence numbers next: `*384#` and 100 give `*384*100#`. */
function extensionOf(n: bigint): string {
  return `${sharedTestCode().slice(0, -1)}*${n}#`;
}

/** Whether a code is the shared test code or one of its extensions (the sandbox's to number, never staff's). */
export function isOnSharedTestCode(code: string): boolean {
  const shared = sharedTestCode();
  return code === shared || code.startsWith(`${shared.slice(0, -1)}*`);
}

/** Makes one sandbox code for the account, inside `tx` (which holds the account's sandbox lock). */
async function makeSandboxCode(tx: Tx, accountId: string) {
  const [{ n }] = await tx.$queryRaw<[{ n: bigint }]>`SELECT nextval('ussd_sandbox_extension_seq') AS n`;
  return tx.ussdCode.create({
    data: {
      id: newId("ussd"),
      accountId,
      code: extensionOf(n),
      mode: "test",
      kind: "sandbox",
      signingSecret: seal(newWebhookSecret()),
    },
  });
}

/** Serialises an account's sandbox changes (two first listings at once make one code, not two). */
async function withSandboxLock<T>(accountId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db().$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('ussd-sandbox'), hashtext(${accountId}))`;
    return fn(tx);
  });
}

/** The account's first sandbox code, made when it has none (its codes' first listing). */
export async function ensureSandboxCode(accountId: string): Promise<void> {
  const has = await db().ussdCode.count({ where: { accountId, kind: "sandbox" } });
  if (has > 0) return;
  await withSandboxLock(accountId, async (tx) => {
    if ((await tx.ussdCode.count({ where: { accountId, kind: "sandbox" } })) === 0)
      await makeSandboxCode(tx, accountId);
  });
}

/** POST /api/v1/ussd/codes: another sandbox code, up to MAX_SANDBOX_CODES. */
export async function addSandboxCode(caller: { accountId: string }): Promise<UssdCodeView> {
  const row = await withSandboxLock(caller.accountId, async (tx) => {
    const count = await tx.ussdCode.count({ where: { accountId: caller.accountId, kind: "sandbox" } });
    if (count >= MAX_SANDBOX_CODES)
      throw new AppError("CONFLICT", {
        message: `An account has at most ${MAX_SANDBOX_CODES} sandbox codes: release one first`,
        context: { reason: "sandbox_limit", limit: MAX_SANDBOX_CODES },
      });
    return makeSandboxCode(tx, caller.accountId);
  });
  return ussdCodeView(row);
}
