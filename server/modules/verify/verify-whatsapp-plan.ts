// Verify on WhatsApp (issue #42, point 5): the code goes as the number's authentication template (Meta's copy-code
// button carries it too), named by the request or the number's only approved one; the sandbox's kasa_verification for
// test keys. Checked and priced as any WhatsApp send, with a stand-in code of the right length.
import { db } from "../../db/client";
import type { ApiCaller } from "../keys/resolve-api-key";
import { pickNumber, prepareWhatsapp, refusal, type WhatsappPlan } from "../whatsapp/prepare-whatsapp";

export async function verifyWhatsappPlan({
  to,
  code,
  template,
  caller,
}: {
  to: string;
  code: string;
  template: string | undefined;
  caller: ApiCaller;
}): Promise<WhatsappPlan> {
  const { number } = await pickNumber(undefined, caller);
  const approved = await db().whatsappTemplate.findMany({
    where: {
      numberId: number.id,
      status: "APPROVED",
      category: "authentication",
      ...(template ? { name: template } : {}),
    },
    orderBy: [{ name: "asc" }, { language: "asc" }],
  });
  const chosen = approved[0];
  if (!chosen)
    throw refusal(
      "no_authentication_template",
      template
        ? `${template} is not an APPROVED authentication template of ${number.displayPhoneNumber}`
        : `${number.displayPhoneNumber} has no APPROVED authentication template: create one in WhatsApp Manager (a copy-code button), or send by SMS`,
    );
  if (!template && new Set(approved.map((t) => t.name)).size > 1)
    throw refusal(
      "whatsapp_template_required",
      `${number.displayPhoneNumber} has several authentication templates: name one in whatsapp_template`,
      { templates: [...new Set(approved.map((t) => t.name))] },
    );
  return prepareWhatsapp(
    { to, from: number.id, template: { name: chosen.name, language: chosen.language, variables: [code] } },
    caller,
  );
}
