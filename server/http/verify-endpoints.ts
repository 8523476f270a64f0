// /api/v1/verify: one-time codes (docs/decisions.md, "Verify"). The send is rate limited as its own service and idempotent; the
// check and the status lookup are free and unlimited by plan (five wrong codes end a verification).
import { defineEndpoint } from "./endpoint";
import { AppError } from "../errors/app-error";
import {
  checkVerificationInput,
  sendVerificationInput,
  verificationStatusInput,
  verification,
} from "../modules/verify/schemas";
import { prepareVerification } from "../modules/verify/prepare-verification";
import { sendVerification } from "../modules/verify/send-verification";
import { checkVerification, verificationStatus } from "../modules/verify/check-verification";
import { answerForVerification } from "../modules/verify/answer-for-verification";
import { FRAUD_GUARD } from "../modules/verify/fraud-guard";
import { MAX_SENDS, MAX_WRONG_CODES, RESEND_COOLDOWN_S } from "../modules/verify/verification-view";

export const sendVerificationEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/verify/send",
  summary: "Send a one-time code by SMS or email",
  auth: "key",
  scope: "verify:send",
  service: "verify",
  input: { from: "body", schema: sendVerificationInput },
  idempotency: "verify",
  docs: {
    response: verification,
    errors: [
      "INVALID_PHONE_NUMBER",
      "INVALID_EMAIL",
      "UNVERIFIED_SENDER_DOMAIN",
      "INSUFFICIENT_BALANCE",
      "SMS_SEND_FAILED",
      "EMAIL_SEND_FAILED",
      "SERVICE_UNAVAILABLE",
    ],
    rules: [
      `Sending again to a destination with a pending verification resends the same code on it (sends + 1), at most ${MAX_SENDS} times and ${RESEND_COOLDOWN_S} s apart (429 RATE_LIMIT_EXCEEDED with retryAfter before that); each resend extends expires_at to ttl_seconds from now.`,
      "The message is an ordinary SMS (the destination's route, the default sender, fallback, receipts) or email (the account's primary verified domain, else the deployment's own sender), charged as such; it shows in Messages with the code masked.",
      "403 FORBIDDEN with reason number_type: not a mobile number (premium-rate, shared-cost, toll-free, fixed-line or unknown ranges).",
      "403 FORBIDDEN with reason geo_permission: a country not turned on in the account's Verify settings (default: the countries on the africa_local route).",
      `403 FORBIDDEN with reason fraud_guard: the number block (the number but its last four digits) is paused, because under ${FRAUD_GUARD.minApprovedShare * 100}% of its last verifications were approved (verify.blocked is raised); an owner can lift it on the Verify page.`,
      `429 RATE_LIMIT_EXCEEDED: more than ${FRAUD_GUARD.perDestinationPerHour} new verifications or ${FRAUD_GUARD.sendsPerDestinationPerHour} codes an hour to one destination, ${FRAUD_GUARD.sendsPerPrefixPerHour} codes an hour to one number block, or a destination that failed ${FRAUD_GUARD.failedPerDestinationPerDay} verifications (five wrong codes each) in a day. The sandbox's magic numbers are exempt with a test key.`,
    ],
  },
  prepare: ({ input, caller }) => prepareVerification(input, caller),
  execute: ({ prepared, caller, idempotency, deadline }) =>
    sendVerification({ plan: prepared, caller, idem: idempotency, handOff: deadline }),
  recover: answerForVerification,
});

export const checkVerificationEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/verify/check",
  summary: "Check a one-time code",
  auth: "key",
  scope: "verify:send",
  input: { from: "body", schema: checkVerificationInput },
  docs: {
    response: verification,
    requireOneOf: ["verification_id", "to"],
    errors: ["NOT_FOUND", "INVALID_PHONE_NUMBER"],
    rules: [
      `A wrong code answers 200 with status pending and one attempt fewer; the ${MAX_WRONG_CODES}th makes it failed, and then even the right code is refused.`,
      "An approved, failed or expired verification answers its status and changes nothing: a code is approved once.",
      "By to: the latest verification to that destination.",
    ],
  },
  execute: async ({ input, caller }) => {
    if (input.verification_id === undefined && input.to === undefined)
      throw new AppError("MISSING_FIELD", {
        message: "Missing required field: verification_id (or to)",
        context: { field: "verification_id" },
      });
    const data = await checkVerification(input, caller);
    return { data, transactionId: data.verification_id };
  },
});

export const verificationStatusEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/verify/status",
  summary: "Look up one verification",
  auth: "key",
  scope: "verify:send",
  input: { from: "query", schema: verificationStatusInput },
  docs: { response: verification, errors: ["NOT_FOUND"] },
  execute: async ({ input, caller }) => {
    const data = await verificationStatus(input.verification_id, caller);
    return { data, transactionId: data.verification_id };
  },
});

export const VERIFY_ENDPOINTS = [sendVerificationEndpoint, checkVerificationEndpoint, verificationStatusEndpoint];
