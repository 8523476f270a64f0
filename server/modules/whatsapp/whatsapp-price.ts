// A WhatsApp message's price (issue #42, point 3): the destination country's row for its category, or the '*' row.
import { sql } from "../../db/client";

export async function whatsappPrice(
  countryIso: string,
  category: string,
): Promise<{ priceMicros: bigint; currency: string }> {
  const { rows } = await sql().query<{ price_micros: string; currency: string }>(
    `SELECT price_micros, currency FROM whatsapp_prices WHERE category = $2 AND country_iso IN ($1, '*')
     ORDER BY country_iso = '*' LIMIT 1`,
    [countryIso, category],
  );
  if (!rows[0]) throw new Error(`No WhatsApp price for ${category} (whatsapp_prices has no '*' row)`);
  return { priceMicros: BigInt(rows[0].price_micros), currency: rows[0].currency };
}

/** The whole price list (the docs page shows it): each country's rows, '*' last. */
export async function whatsappPriceList() {
  const { rows } = await sql().query<{ country_iso: string; category: string; price_micros: string; currency: string }>(
    `SELECT country_iso, category, price_micros, currency FROM whatsapp_prices ORDER BY country_iso = '*', country_iso`,
  );
  return rows.map((r) => ({
    countryIso: r.country_iso,
    category: r.category,
    priceMicros: BigInt(r.price_micros),
    currency: r.currency,
  }));
}
