import { router, accountProcedure } from "../init";
import { listCountriesInput } from "../../modules/coverage/schemas";
import { listCountries } from "../../modules/coverage/list-countries";
import { countryDetails } from "../../modules/coverage/country-details";
import { z } from "zod";

export const coverageRouter = router({
  list: accountProcedure()
    .input(listCountriesInput)
    .query(({ input }) => listCountries({ route: input.route, q: input.q })),
  country: accountProcedure()
    .input(z.object({ iso: z.string().trim().length(2) }))
    .query(({ input }) => countryDetails(input.iso)),
});
