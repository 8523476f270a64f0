import { router } from "./init";
import { accountRouter } from "./routers/account";
import { authRouter } from "./routers/auth";
import { keysRouter } from "./routers/keys";
import { requestsRouter } from "./routers/requests";
import { usageRouter } from "./routers/usage";
import { coverageRouter } from "./routers/coverage";
import { domainsRouter } from "./routers/domains";
import { messagesRouter } from "./routers/messages";
import { suppressionsRouter } from "./routers/suppressions";
import { webhooksRouter } from "./routers/webhooks";
import { sendersRouter } from "./routers/senders";
import { billingRouter } from "./routers/billing";
import { topupsRouter } from "./routers/topups";
import { staffRouter } from "./routers/staff";
import { profileRouter } from "./routers/profile";
import { teamRouter } from "./routers/team";
import { twoFactorRouter } from "./routers/two-factor";
import { auditRouter } from "./routers/audit";
import { onboardingRouter } from "./routers/onboarding";
import { verifyRouter } from "./routers/verify";
import { ussdRouter } from "./routers/ussd";
import { whatsappRouter } from "./routers/whatsapp";
import { contactsRouter } from "./routers/contacts";
import { templatesRouter } from "./routers/templates";
import { broadcastsRouter } from "./routers/broadcasts";
import { insightsRouter } from "./routers/insights";

export const appRouter = router({
  account: accountRouter,
  onboarding: onboardingRouter,
  verify: verifyRouter,
  ussd: ussdRouter,
  whatsapp: whatsappRouter,
  contacts: contactsRouter,
  templates: templatesRouter,
  broadcasts: broadcastsRouter,
  auth: authRouter,
  keys: keysRouter,
  requests: requestsRouter,
  usage: usageRouter,
  insights: insightsRouter,
  coverage: coverageRouter,
  domains: domainsRouter,
  messages: messagesRouter,
  suppressions: suppressionsRouter,
  webhooks: webhooksRouter,
  senders: sendersRouter,
  billing: billingRouter,
  topups: topupsRouter,
  staff: staffRouter,
  profile: profileRouter,
  team: teamRouter,
  twoFactor: twoFactorRouter,
  audit: auditRouter,
});
export type AppRouter = typeof appRouter;
