import { z } from "zod";
import { SCOPES } from "./scopes";

export const keyModeSchema = z.enum(["test", "live"]);
export const scopesSchema = z.array(z.enum(SCOPES)).min(1, "Choose at least one scope");

export const createKeyInput = z.object({
  accountId: z.string().min(1),
  name: z.string().trim().min(1, "Name the key").max(80),
  mode: keyModeSchema,
  scopes: scopesSchema.optional(),
});

export const revokeKeyInput = z.object({ accountId: z.string().min(1), keyId: z.string().min(1) });
