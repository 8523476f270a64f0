import { z } from "zod";
import { TRPCError } from "@trpc/server";
import { router, accountProcedure } from "../init";
import { listRequestsInput } from "../../modules/requestlog/schemas";
import { listRequests, getRequest } from "../../modules/requestlog/list-requests";
import { rowIdInput } from "../../lib/row-id-input";

export const requestsRouter = router({
  list: accountProcedure()
    .input(listRequestsInput)
    .query(({ input }) => listRequests(input)),
  get: accountProcedure()
    .input(z.object({ id: rowIdInput() }))
    .query(async ({ input }) => {
      const request = await getRequest({ accountId: input.accountId, id: input.id });
      if (!request) throw new TRPCError({ code: "NOT_FOUND", message: "No such request" });
      return request;
    }),
});
