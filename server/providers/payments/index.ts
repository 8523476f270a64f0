// Money-in providers. Paystack today; the sandbox checkout lives in the payments module (it has no provider side).
export {
  initializePaystack,
  paystackConfigFromEnv,
  paystackSignatureValid,
  verifyPaystack,
  type PaystackConfig,
} from "./paystack";
