import { z } from "zod";

// A DNS host name: labels of letters, digits and inner hyphens, a real TLD, no IP literals.
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const domainNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((name) => name.replace(/\.$/, ""))
  .pipe(z.string().regex(DOMAIN, "Enter a domain name such as mail.example.com"));
