import { z } from "zod";

/** A mobile network as the API shows it, in a country's entry and in a lookup. */
export const networkEntry = z.object({
  network: z.string().describe('The name the API uses for it ("mtn", "telecel", "airteltigo")'),
  name: z.string().describe('The name people know ("MTN", "Telecel", "AT")'),
  mcc: z.string().describe("Mobile country code"),
  mnc: z.string().describe("Mobile network code (its own; a merged network has more, in `mncs`)"),
  mncs: z.array(z.string()),
});

export const networkWithRanges = networkEntry.extend({
  prefixes: z
    .array(z.string())
    .describe(
      'The ranges first allocated to it, as the start of the number in E.164 ("+23324"); a number may have moved since',
    ),
});
