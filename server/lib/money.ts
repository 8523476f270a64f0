// Money is integer micro-units (1e-6 of the currency unit) everywhere inside
// Kasa; these helpers are the only place text or numbers become micros.
const MICROS_PER_UNIT = 1_000_000n;
const AMOUNT_PATTERN = /^(\d{1,12})(?:\.(\d{1,6}))?$/;

/** "25.00" -> 25_000_000n; undefined when the text is not a plain non-negative amount. */
export function parseAmount(text: string): bigint | undefined {
  const match = AMOUNT_PATTERN.exec(text.trim());
  if (!match) return undefined;
  const fraction = (match[2] ?? "").padEnd(6, "0");
  return BigInt(match[1]!) * MICROS_PER_UNIT + BigInt(fraction);
}

/** 25_500_000n -> "25.50": two decimals at least, more only when they carry value. */
export function formatAmount(micros: bigint): string {
  const negative = micros < 0n;
  const abs = negative ? -micros : micros;
  const units = abs / MICROS_PER_UNIT;
  let fraction = (abs % MICROS_PER_UNIT).toString().padStart(6, "0").replace(/0+$/, "");
  fraction = fraction.padEnd(2, "0");
  return `${negative ? "-" : ""}${units}.${fraction}`;
}

/** For JSON `amount` fields (SPEC's price.amount is a number). */
export function toAmountNumber(micros: bigint): number {
  return Number(formatAmount(micros));
}
