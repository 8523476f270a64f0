// Prints the SQL that seeds the coverage table: every country with its ITU
// dialing code (from libphonenumber's metadata, the same data that parses
// numbers at send time), its continent and its route. Run once to write a
// migration; after that, staff change routes in the database, not here.
import { countries } from "countries-list";
import { getCountries, getCountryCallingCode } from "libphonenumber-js";

// The 31 markets on our local African network (SPEC 1: africa_local, 31 countries).
const AFRICA_LOCAL = [
  "GH",
  "NG",
  "KE",
  "UG",
  "TZ",
  "RW",
  "ZA",
  "CI",
  "SN",
  "CM",
  "BJ",
  "TG",
  "BF",
  "ML",
  "NE",
  "ZM",
  "MW",
  "MZ",
  "ZW",
  "BW",
  "NA",
  "ET",
  "EG",
  "MA",
  "TN",
  "CD",
  "CG",
  "GA",
  "SL",
  "LR",
  "GN",
];
// Markets where alphanumeric sender IDs are not delivered (numbers only).
const NO_ALPHA_SENDER = new Set(["CN"]);
const CONTINENTS = {
  AF: "africa",
  AN: "antarctica",
  AS: "asia",
  EU: "europe",
  NA: "north_america",
  OC: "oceania",
  SA: "south_america",
};

const known = new Set(getCountries());
const quote = (s) => `'${s.replace(/'/g, "''")}'`;
const rows = Object.entries(countries)
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([iso, c]) => {
    const supported = known.has(iso);
    const code = supported ? getCountryCallingCode(iso) : String(c.phone[0]);
    const continent = CONTINENTS[c.continent];
    const route = continent === "africa" ? (AFRICA_LOCAL.includes(iso) ? "africa_local" : "africa_regional") : "global";
    const senderIds = route !== "global" || !(code === "1" || NO_ALPHA_SENDER.has(iso));
    return `    (${quote(iso)}, ${quote(c.name)}, ${quote(code)}, ${quote(continent)}, ${quote(route)}, ${supported}, ${senderIds})`;
  });
const missing = AFRICA_LOCAL.filter((iso) => !countries[iso]);
if (missing.length || AFRICA_LOCAL.length !== 31) throw new Error(`africa_local list is wrong: ${missing}`);
console.log(
  `INSERT INTO "countries" ("iso2", "name", "dialing_code", "continent", "route", "supported", "sender_id_supported") VALUES\n${rows.join(",\n")};`,
);
