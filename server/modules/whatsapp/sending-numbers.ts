// A send's numbers in one round trip: the key's mode's numbers (a test key's: the sandbox), oldest first, each with
// the template the send names, if it has it. What prepare-whatsapp.ts picks from.
import type { WhatsappNumber, WhatsappTemplate } from "../../db/generated/client";
import { sql } from "../../db/client";
import { namedSql } from "../../db/named-sql";

export type SendingNumber = { number: WhatsappNumber; template: WhatsappTemplate | null };

export async function sendingNumbers(
  caller: { accountId: string; mode: "test" | "live" },
  template?: { name: string; language: string },
): Promise<SendingNumber[]> {
  const statement = namedSql(
    {
      account: caller.accountId,
      sandbox: caller.mode === "test",
      name: template?.name ?? null,
      language: template?.language ?? null,
    },
    (p) => `
    SELECT n.id, n.account_id AS "accountId", n.sandbox, n.phone_number_id AS "phoneNumberId", n.waba_id AS "wabaId",
           n.display_phone_number AS "displayPhoneNumber", n.verified_name AS "verifiedName",
           n.quality_rating AS "qualityRating", n.access_token AS "accessToken", n.app_secret AS "appSecret",
           n.verify_token_hash AS "verifyTokenHash", n.created_at AS "createdAt",
           n.templates_synced_at AS "templatesSyncedAt",
           CASE WHEN t.meta_id IS NULL THEN NULL ELSE json_build_object(
             'numberId', t.number_id, 'metaId', t.meta_id, 'name', t.name, 'language', t.language,
             'category', t.category, 'status', t.status, 'body', t.body, 'variables', t.variables,
             'components', t.components, 'syncedAt', t.synced_at) END AS template
    FROM whatsapp_numbers n
    LEFT JOIN whatsapp_templates t ON t.number_id = n.id AND t.name = ${p("name")}::text AND t.language = ${p("language")}::text
    WHERE n.account_id = ${p("account")}::text AND n.sandbox = ${p("sandbox")}::boolean
    ORDER BY n.created_at, n.id`,
  );
  const { rows } = await sql().query(statement);
  return rows.map(({ template: t, ...number }) => ({
    number: number as WhatsappNumber,
    template: t ? ({ ...t, syncedAt: new Date(t.syncedAt) } as WhatsappTemplate) : null,
  }));
}
