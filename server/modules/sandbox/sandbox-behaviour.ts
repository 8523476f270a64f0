// What test keys can trigger, read from the sandbox adapters themselves, so
// the docs cannot describe a magic value the sandbox does not have.
export { SANDBOX_NUMBERS } from "../../providers/sms";
export { SANDBOX_EMAIL } from "../../providers/email";
export { SANDBOX_TOPUP_SUFFIXES } from "../../providers/topups";
