import { z } from "zod";
import { idQueryInput } from "../../lib/id-input";
import { EMAIL_ADDRESS } from "../../lib/string-formats";
import { loose, timestamp } from "../../lib/response-parts";

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

// What the domain and mailbox endpoints answer inside `data`, beside what they take: the OpenAPI document is generated from both.
const dnsRecord = loose({
  purpose: z.enum(["dkim", "return_path", "spf", "dmarc", "mx"]),
  type: z.enum(["TXT", "MX"]),
  name: z.string(),
  value: z.string(),
  priority: z.number().int().optional(),
  required: z.boolean().describe("Needed to send; the others are advice (dmarc) or for inbound mail (mx)"),
  note: z.string(),
});
export const domain = loose({
  id: z.string(),
  name: z.string(),
  status: z.enum(["pending", "verified"]),
  primary: z.boolean(),
  open_tracking: z.boolean().describe("A 1x1 image in HTML messages raises email.opened"),
  click_tracking: z.boolean().describe("Links in HTML messages go through a signed redirect raising email.clicked"),
  return_path: z.string().describe("Where bounces and delivery reports of this domain's mail come back"),
  created_at: timestamp,
  verified_at: timestamp.nullable().describe("When DNS first showed every required record; null until then"),
  dns_records: z.array(dnsRecord),
});
export const domainVerification = domain.extend({
  dns_records: z.array(dnsRecord.extend({ found: z.boolean().describe("Whether DNS answers with this record now") })),
});
export const domainCheck = loose({
  name: z.string(),
  available: z.boolean(),
  reason: z.enum(["taken", "taken_by_you"]).optional().describe("Why the name is not available"),
});
export const mailbox = loose({
  id: z.string(),
  address: z.string(),
  domain: z.string().optional().describe("The domain it is on (in the answer that creates it)"),
  received: z.number().int().optional().describe("Messages received (in the list)"),
  created_at: timestamp,
});
