// /api/v1/domains: sender domains (docs/decisions.md, "Domains"). Paths are flat, ids travel in
// the body or the query (docs/decisions.md).
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { deleted } from "../lib/response-parts";
import { addDomain } from "../modules/domains/add-domain";
import { verifyDomain } from "../modules/domains/verify-domain";
import { checkDomain, deleteDomain, listDomains, makePrimary } from "../modules/domains/manage-domains";
import { createMailbox, deleteMailbox, listMailboxes } from "../modules/domains/mailboxes";
import {
  addDomainInput,
  createMailboxInput,
  deleteDomainInput,
  deleteMailboxInput,
  domainIdInput,
  domainNameQuery,
  domainTrackingInput,
  domain,
  domainCheck,
  domainVerification,
  mailbox,
} from "../modules/domains/schemas";
import { setDomainTracking } from "../modules/domains/set-domain-tracking";

const idOf = (data: unknown) => (data as { id: string }).id;

const base = { auth: "key", scope: "domains:manage" } as const;

export const listDomainsEndpoint = defineEndpoint({
  ...base,
  method: "GET",
  path: "/api/v1/domains",
  summary: "List the account's sender domains and their DNS records",
  docs: { response: z.object({ domains: z.array(domain) }) },
  input: { from: "query", schema: z.object({}) },
  execute: async ({ caller }) => ({ data: { domains: await listDomains({ accountId: caller.accountId }) } }),
});

export const addDomainEndpoint = defineEndpoint({
  ...base,
  method: "POST",
  path: "/api/v1/domains",
  summary: "Add a sender domain; answers the DNS records to publish",
  // RATE_LIMIT_EXCEEDED: at most 5 domains added a minute (domain verification drives DNS lookups).
  docs: { status: 201, response: domain, errors: ["CONFLICT", "RATE_LIMIT_EXCEEDED"] },
  input: { from: "body", schema: addDomainInput },
  execute: async ({ input, caller }) => ({
    status: 201,
    data: await addDomain({ accountId: caller.accountId, name: input.name }),
  }),
  audit: ({ input, data }) => ({ action: "domain.added", target: idOf(data), data: { name: input.name } }),
});

export const deleteDomainEndpoint = defineEndpoint({
  ...base,
  method: "DELETE",
  path: "/api/v1/domains",
  summary: "Delete a sender domain (?id=)",
  docs: { response: deleted, errors: ["MISSING_ID", "NOT_FOUND"] },
  input: { from: "query", schema: deleteDomainInput },
  execute: async ({ input, caller }) => ({ data: await deleteDomain({ accountId: caller.accountId, id: input.id }) }),
  audit: ({ input }) => ({ action: "domain.removed", target: input.id }),
});

export const verifyDomainEndpoint = defineEndpoint({
  ...base,
  method: "POST",
  path: "/api/v1/domains/verify",
  summary: "Look the domain's DNS records up and verify it when DKIM and SPF are published",
  docs: { response: domainVerification, errors: ["NOT_FOUND"] },
  input: { from: "body", schema: domainIdInput },
  execute: async ({ input, caller }) => ({
    data: await verifyDomain({ accountId: caller.accountId, domainId: input.id }),
  }),
});

export const domainTrackingEndpoint = defineEndpoint({
  ...base,
  method: "POST",
  path: "/api/v1/domains/tracking",
  summary: "Switch open and click tracking of a sending domain (both off by default)",
  docs: { response: domain, errors: ["NOT_FOUND"] },
  input: { from: "body", schema: domainTrackingInput },
  execute: async ({ input, caller }) => ({
    data: await setDomainTracking({
      accountId: caller.accountId,
      id: input.id,
      openTracking: input.open_tracking,
      clickTracking: input.click_tracking,
    }),
  }),
  audit: ({ input }) => ({
    action: "domain.tracking_changed",
    target: input.id,
    data: { open_tracking: input.open_tracking, click_tracking: input.click_tracking },
  }),
});

export const primaryDomainEndpoint = defineEndpoint({
  ...base,
  method: "POST",
  path: "/api/v1/domains/primary",
  summary: "Make a verified domain the default sender domain",
  docs: { response: domain, errors: ["NOT_FOUND", "CONFLICT"] },
  input: { from: "body", schema: domainIdInput },
  execute: async ({ input, caller }) => ({ data: await makePrimary({ accountId: caller.accountId, id: input.id }) }),
  audit: ({ input }) => ({ action: "domain.made_primary", target: input.id }),
});

export const checkDomainEndpoint = defineEndpoint({
  ...base,
  method: "GET",
  path: "/api/v1/domains/check",
  summary: "Whether a domain can be added (?name=)",
  docs: { response: domainCheck },
  input: { from: "query", schema: domainNameQuery },
  execute: async ({ input, caller }) => ({
    data: await checkDomain({ accountId: caller.accountId, name: input.name }),
  }),
});

export const listMailboxesEndpoint = defineEndpoint({
  ...base,
  method: "GET",
  path: "/api/v1/domains/mailboxes",
  summary: "List the account's mailboxes",
  docs: { response: z.object({ mailboxes: z.array(mailbox) }) },
  input: { from: "query", schema: z.object({}) },
  execute: async ({ caller }) => ({ data: { mailboxes: await listMailboxes({ accountId: caller.accountId }) } }),
});

export const createMailboxEndpoint = defineEndpoint({
  ...base,
  method: "POST",
  path: "/api/v1/domains/mailboxes",
  summary: "Create a mailbox (an address on a verified domain that receives mail)",
  docs: { status: 201, response: mailbox, errors: ["INVALID_EMAIL", "CONFLICT", "NOT_FOUND"] },
  input: { from: "body", schema: createMailboxInput },
  execute: async ({ input, caller }) => ({
    status: 201,
    data: await createMailbox({ accountId: caller.accountId, address: input.address }),
  }),
  audit: ({ input, data }) => ({ action: "mailbox.created", target: idOf(data), data: { address: input.address } }),
});

export const deleteMailboxEndpoint = defineEndpoint({
  ...base,
  method: "DELETE",
  path: "/api/v1/domains/mailboxes",
  summary: "Delete a mailbox (?id=)",
  docs: { response: deleted, errors: ["MISSING_ID", "NOT_FOUND"] },
  input: { from: "query", schema: deleteMailboxInput },
  execute: async ({ input, caller }) => ({ data: await deleteMailbox({ accountId: caller.accountId, id: input.id }) }),
  audit: ({ input }) => ({ action: "mailbox.removed", target: input.id }),
});

export const DOMAIN_ENDPOINTS = [
  listDomainsEndpoint,
  addDomainEndpoint,
  deleteDomainEndpoint,
  verifyDomainEndpoint,
  primaryDomainEndpoint,
  domainTrackingEndpoint,
  checkDomainEndpoint,
  listMailboxesEndpoint,
  createMailboxEndpoint,
  deleteMailboxEndpoint,
];
