// Carriers say why a message failed in their own words; customers get one
// vocabulary. Unknown codes fall back to a generic reason and the carrier's
// own code stays in error.code.
export const FAILURE_REASONS = [
  "opted_out",
  "absent_subscriber",
  "unknown_subscriber",
  "invalid_sender_id",
  "invalid_destination",
  "blocked",
  "expired",
  "rejected",
  "network_error",
  "handset_error",
  "undelivered",
] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

// GSM MAP error causes that SMSCs pass in a receipt's err field (3GPP TS 29.002).
const GSM_MAP: Record<string, FailureReason> = {
  "001": "unknown_subscriber",
  "005": "unknown_subscriber",
  "009": "unknown_subscriber",
  "011": "blocked",
  "013": "blocked",
  "027": "absent_subscriber",
  "031": "absent_subscriber",
  "032": "handset_error",
  "034": "network_error",
  "036": "network_error",
};

export function smppReceiptReason(
  stat: string,
  err: string | null,
  overrides: Record<string, string> = {},
): FailureReason {
  if (err && overrides[err]) return overrides[err] as FailureReason;
  if (err && GSM_MAP[err]) return GSM_MAP[err]!;
  if (stat === "EXPIRED") return "expired";
  if (stat === "REJECTD") return "rejected";
  return "undelivered";
}

const TWILIO: Record<string, FailureReason> = {
  "21610": "opted_out",
  "30003": "absent_subscriber",
  "30005": "unknown_subscriber",
  "30006": "invalid_destination",
  "30007": "blocked",
  "30004": "blocked",
  "21211": "invalid_destination",
  "21212": "invalid_sender_id",
  "21606": "invalid_sender_id",
  "30008": "undelivered",
};
export function twilioReason(code: string | null | undefined): FailureReason {
  return (code && TWILIO[code]) || "undelivered";
}

// Africa's Talking failureReason values (delivery reports) and send status codes.
const AFRICAS_TALKING: Record<string, FailureReason> = {
  UserInBlackList: "opted_out",
  UserInBlacklist: "opted_out",
  DoNotDisturbRejection: "opted_out",
  UserIsInactive: "absent_subscriber",
  UserDoesNotExist: "unknown_subscriber",
  NotNetworkSubscriber: "unknown_subscriber",
  UserAccountSuspended: "blocked",
  UserNotSubscribedToProduct: "rejected",
  InsufficientCredit: "rejected",
  InvalidLinkId: "rejected",
  DeliveryFailure: "undelivered",
  AbsentSubscriber: "absent_subscriber",
  InvalidSenderId: "invalid_sender_id",
  InvalidPhoneNumber: "invalid_destination",
};
export function africasTalkingReason(reason: string | null | undefined): FailureReason {
  return (reason && AFRICAS_TALKING[reason]) || "undelivered";
}
