import { z } from "zod";
import { idQueryInput } from "../../lib/id-input";
import { EMAIL_ADDRESS } from "../../lib/string-formats";

// A DNS host name: labels of letters, digits and inner hyphens, a real TLD, no IP literals.
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const domainNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((name) => name.replace(/\.$/, ""))
  .pipe(z.string().regex(DOMAIN, "Enter a domain name such as mail.example.com"));

// What domainNameSchema accepts before it trims and lower-cases: labels of letters, digits and inner hyphens, a
// top-level label of letters, any case, an optional final dot.
export const DOMAIN_INPUT_PATTERN = /^\s*(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}\.?\s*$/;
export const addDomainInput = z.object({
  name: z
    .string()
    .min(1)
    .max(253)
    .regex(DOMAIN_INPUT_PATTERN, "Enter a domain name such as mail.example.com")
    .describe("e.g. mail.example.com"),
});
export const domainNameQuery = addDomainInput;
export const domainIdInput = z.object({ id: z.string().min(1).max(100).describe("The domain's id") });
export const deleteDomainInput = idQueryInput("domain");
export const createMailboxInput = z.object({
  address: z
    .string()
    .min(1)
    .max(320)
    // Said in the document; parseMailboxes is what is checked (INVALID_EMAIL).
    .meta({ pattern: EMAIL_ADDRESS.source })
    .describe("An address on one of the account's verified domains"),
});
export const deleteMailboxInput = idQueryInput("mailbox");
export const domainTrackingInput = z.object({
  id: z.string().min(1).max(100).describe("The domain's id"),
  open_tracking: z
    .boolean({ error: "open_tracking must be true or false" })
    .optional()
    .describe("A 1x1 image in HTML messages raises email.opened"),
  click_tracking: z
    .boolean({ error: "click_tracking must be true or false" })
    .optional()
    .describe("Links in HTML messages go through a signed redirect that raises email.clicked"),
});
