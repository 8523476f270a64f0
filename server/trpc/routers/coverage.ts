import { router, accountProcedure } from "../init";
import { listCountriesInput } from "../../modules/coverage/schemas";
import { listCountries } from "../../modules/coverage/list-countries";

export const coverageRouter = router({
  list: accountProcedure()
    .input(listCountriesInput)
    .query(({ input }) => listCountries({ route: input.route, q: input.q })),
});
