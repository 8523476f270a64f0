// Verify's geo-permissions: the countries an account sends codes to. Until an
// owner chooses, the default is the countries on Kasa's local African route
// (its home markets, where its carriers are direct and pumping ranges are
// known): a code to anywhere else is refused until the owner turns it on.
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { coverage } from "../coverage/coverage-cache";

export async function defaultVerifyCountries(): Promise<string[]> {
  return (await coverage()).countries.filter((c) => c.route === "africa_local").map((c) => c.iso2);
}

export async function allowedVerifyCountries(accountId: string): Promise<Set<string>> {
  const account = await db().account.findUniqueOrThrow({
    where: { id: accountId },
    select: { verifyCountriesChosen: true, verifyCountries: { select: { countryIso: true } } },
  });
  return new Set(
    account.verifyCountriesChosen ? account.verifyCountries.map((c) => c.countryIso) : await defaultVerifyCountries(),
  );
}

/** The Verify page's settings: what is allowed now, whether that is the default, and every country to choose from. */
export async function verifyGeoSettings(accountId: string) {
  const [allowed, account, { countries }] = await Promise.all([
    allowedVerifyCountries(accountId),
    db().account.findUniqueOrThrow({ where: { id: accountId }, select: { verifyCountriesChosen: true } }),
    coverage(),
  ]);
  return {
    countries: [...allowed].sort(),
    isDefault: !account.verifyCountriesChosen,
    all: countries.map((c) => ({ iso: c.iso2, name: c.name })),
  };
}

/** Replaces the account's list (audited). Every code must be a country Kasa covers. */
export async function setVerifyCountries({
  accountId,
  countries,
  actor,
}: {
  accountId: string;
  countries: string[];
  actor: string;
}) {
  const covered = (await coverage()).byIso;
  const unknown = countries.filter((c) => !covered.has(c));
  if (unknown.length)
    throw new AppError("INVALID_COUNTRY", {
      message: `Not a country Kasa sends to: ${unknown.join(", ")}`,
      context: { countries: unknown },
    });
  const chosen = [...new Set(countries)].sort();
  await db().$transaction(async (tx) => {
    await tx.verifyCountry.deleteMany({ where: { accountId } });
    await tx.verifyCountry.createMany({ data: chosen.map((countryIso) => ({ accountId, countryIso })) });
    await tx.account.update({ where: { id: accountId }, data: { verifyCountriesChosen: true } });
    await recordAudit(
      { actor, action: "verify.countries_set", accountId, target: accountId, data: { countries: chosen } },
      tx,
    );
  });
  return { countries: chosen };
}
