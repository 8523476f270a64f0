// /api/v1/ussd (issue #41; docs/decisions.md, "USSD"): the account's codes and their settings, the simulator, and
// sessions with their hops. Scope ussd:manage.
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { deleted } from "../lib/response-parts";
import {
  listUssdSessionsInput,
  simulatedHop,
  simulateUssdInput,
  ussdCode,
  ussdCodeId,
  ussdSessionId,
  ussdSessionPage,
  ussdSessionWithHops,
  updateUssdCodeInput,
  DEFAULT_TIMEOUT_MS,
  MAX_TIMEOUT_MS,
} from "../modules/ussd/schemas";
import { listUssdCodes } from "../modules/ussd/list-ussd-codes";
import { addSandboxCode, MAX_SANDBOX_CODES } from "../modules/ussd/add-sandbox-code";
import { updateUssdCode } from "../modules/ussd/update-ussd-code";
import { releaseSandboxCode } from "../modules/ussd/release-sandbox-code";
import { simulateUssd } from "../modules/ussd/simulate-ussd";
import { listUssdSessions } from "../modules/ussd/list-ussd-sessions";
import { getUssdSession } from "../modules/ussd/get-ussd-session";

const base = { auth: "key", scope: "ussd:manage" } as const;

export const listUssdCodesEndpoint = defineEndpoint({
  ...base,
  method: "GET",
  path: "/api/v1/ussd/codes",
  summary: "List the account's USSD codes, with their callback settings",
  input: { from: "query", schema: z.object({}) },
  docs: {
    response: z.object({ codes: z.array(ussdCode) }),
    rules: [
      "Every account has a sandbox code (an extension of the deployment's shared test code, e.g. *384*100#), made on the first listing, for test keys at once. Dedicated codes and extensions of shared ones are assigned by Kasa's staff.",
    ],
  },
  execute: async ({ caller }) => ({ data: await listUssdCodes(caller) }),
});

export const addUssdCodeEndpoint = defineEndpoint({
  ...base,
  method: "POST",
  path: "/api/v1/ussd/codes",
  summary: "Add a sandbox USSD code (an extension of the shared test code)",
  input: { from: "body", schema: z.object({}) },
  docs: {
    response: ussdCode,
    status: 201,
    errors: ["CONFLICT"],
    rules: [`At most ${MAX_SANDBOX_CODES} sandbox codes (409 CONFLICT, reason sandbox_limit).`],
  },
  execute: async ({ caller }) => ({ status: 201, data: await addSandboxCode(caller) }),
});

export const updateUssdCodeEndpoint = defineEndpoint({
  ...base,
  method: "PATCH",
  path: "/api/v1/ussd/codes/{id}",
  summary: "Set a USSD code's callback_url, timeout_ms and failure_text",
  input: { from: "body", schema: updateUssdCodeInput },
  docs: {
    response: ussdCode,
    errors: ["NOT_FOUND", "INVALID_URL"],
    rules: [
      "Fields not given stay as they are. callback_url follows the webhooks' address rules: https, a public address (400 INVALID_URL, reason forbidden_address).",
      `Each hop is a POST of sessionId, serviceCode, phoneNumber, networkCode and text (the inputs so far joined by *), form-encoded and signed as webhooks are, with the code's signing_secret; the app answers text/plain "CON <screen>" or "END <screen>" within timeout_ms (${DEFAULT_TIMEOUT_MS} by default, at most ${MAX_TIMEOUT_MS}), or the subscriber reads failure_text.`,
    ],
  },
  execute: async ({ input, caller }) => ({ data: await updateUssdCode(input, caller) }),
});

export const releaseUssdCodeEndpoint = defineEndpoint({
  ...base,
  method: "DELETE",
  path: "/api/v1/ussd/codes/{id}",
  summary: "Release a sandbox USSD code",
  input: { from: "query", schema: ussdCodeId },
  docs: {
    response: deleted,
    errors: ["NOT_FOUND", "CONFLICT"],
    rules: ["Only sandbox codes: one assigned by Kasa answers 409 CONFLICT (reason assigned_code)."],
  },
  execute: async ({ input, caller }) => ({ data: await releaseSandboxCode(input.id, caller) }),
});

export const simulateUssdEndpoint = defineEndpoint({
  ...base,
  method: "POST",
  path: "/api/v1/ussd/simulate",
  summary: "Simulate a phone: dial one of your USSD codes, or answer the screen shown",
  input: { from: "body", schema: simulateUssdInput },
  docs: {
    response: simulatedHop,
    errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT", "INVALID_PHONE_NUMBER"],
    rules: [
      "Test keys only (403 FORBIDDEN, reason test_key_required): the session is a test session, free, through the same callbacks, pages and timeouts as a carrier's.",
      "Without session_id it dials service_code; with it, input answers the screen shown. A session that has ended answers 409 CONFLICT (reason session_ended).",
      "A screen longer than one (182 GSM-7 characters, or 80 when it needs Unicode) comes in pages ending 98 More and 0 Back: Kasa serves them without asking the app.",
    ],
  },
  execute: async ({ input, caller }) => ({ data: await simulateUssd(input, caller) }),
});

export const listUssdSessionsEndpoint = defineEndpoint({
  ...base,
  method: "GET",
  path: "/api/v1/ussd/sessions",
  summary: "List USSD sessions, newest first",
  input: { from: "query", schema: listUssdSessionsInput },
  docs: { response: ussdSessionPage, rules: ["The key's mode's sessions: test keys see simulated ones."] },
  execute: async ({ input, caller }) => ({ data: await listUssdSessions(input, caller) }),
});

export const getUssdSessionEndpoint = defineEndpoint({
  ...base,
  method: "GET",
  path: "/api/v1/ussd/sessions/{id}",
  summary: "One USSD session with its hops",
  input: { from: "query", schema: ussdSessionId },
  docs: { response: ussdSessionWithHops, errors: ["NOT_FOUND"] },
  execute: async ({ input, caller }) => ({ data: await getUssdSession(input.id, caller) }),
});

export const USSD_ENDPOINTS = [
  listUssdCodesEndpoint,
  addUssdCodeEndpoint,
  updateUssdCodeEndpoint,
  releaseUssdCodeEndpoint,
  simulateUssdEndpoint,
  listUssdSessionsEndpoint,
  getUssdSessionEndpoint,
];
