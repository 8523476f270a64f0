import { router } from "./init";
import { accountRouter } from "./routers/account";
import { authRouter } from "./routers/auth";
import { keysRouter } from "./routers/keys";

export const appRouter = router({ account: accountRouter, auth: authRouter, keys: keysRouter });
export type AppRouter = typeof appRouter;
