// The price list of products priced per use (product_prices), read once a minute per process: staff change a price
// in the database and every instance charges it within a minute, with no query per request.
import { db } from "../../db/client";
import { keptFor } from "../../config/per-configuration";

export type ProductPrice = { priceMicros: bigint; currency: string };

const kept = keptFor(60_000, async () => {
  const rows = await db().productPrice.findMany();
  return new Map(rows.map((r) => [r.product, { priceMicros: r.priceMicros, currency: r.currency }]));
});

/** A product's price; a product missing from the list is a deployment's mistake, not the caller's. */
export async function productPrice(product: "lookup"): Promise<ProductPrice> {
  const price = (await kept.get()).get(product);
  if (!price) throw new Error(`product_prices has no row for ${product}`);
  return price;
}

/** A product's price, or undefined where the list has none (a per-country price that falls back to a default). */
export async function findProductPrice(product: string): Promise<ProductPrice | undefined> {
  return (await kept.get()).get(product);
}

/** After staff change a price in this process, charge it at once here. */
export function forgetProductPrices(): void {
  kept.forget();
}
