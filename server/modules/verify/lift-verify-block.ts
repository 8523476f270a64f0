// An owner lifts a fraud-guard block from the Verify page (audited): the number
// block takes codes again, and the conversion guard samples only what is sent
// after the lift.
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { recordAudit } from "../audit/record-audit";

export async function liftVerifyBlock(input: { accountId: string; blockId: string; actor: string }) {
  return db().$transaction(async (tx) => {
    const lifted = await tx.verifyBlock.updateMany({
      where: { id: input.blockId, accountId: input.accountId, liftedAt: null },
      data: { liftedAt: new Date(), liftedBy: input.actor },
    });
    if (lifted.count === 0) throw new AppError("NOT_FOUND", { message: `No active block ${input.blockId}` });
    const block = await tx.verifyBlock.findUniqueOrThrow({ where: { id: input.blockId } });
    await recordAudit(
      {
        actor: input.actor,
        action: "verify.block_lifted",
        accountId: input.accountId,
        target: block.id,
        data: { prefix: block.prefix, mode: block.mode },
      },
      tx,
    );
    return { id: block.id, prefix: block.prefix, liftedAt: block.liftedAt!.toISOString() };
  });
}
