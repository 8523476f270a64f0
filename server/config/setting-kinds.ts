// The kinds of value a setting takes, each a zod schema from the environment's
// text (or its absence) to a typed value, with the form it wants said in words
// (a bad value's one-line refusal quotes it) and, for the README's table, what
// it does and what holds when it is unset.
import { z } from "zod";

export type SettingDocs = {
  /** What it does (the README table's last column). */
  doc: string;
  /** What holds when it is unset, in words (the README table's middle column). */
  unset: string;
  /** Its value is never printed (a refusal says only how long it was). */
  secret?: boolean;
};

export type Setting<T> = SettingDocs & { schema: z.ZodType<T, string | undefined>; form: string };

/** The text given, trimmed; blank is the same as unset. */
const given = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

function setting<T>(form: string, schema: z.ZodType<T, string | undefined>, docs: SettingDocs): Setting<T> {
  return { form, schema, ...docs };
}

/** A whole number from `min` (and up to `max`), or `fallback` when unset. */
export function wholeNumber<F extends number | undefined>(
  bounds: { min: number; max?: number },
  fallback: F,
  docs: SettingDocs,
): Setting<number | F> {
  const range = bounds.max === undefined ? `at least ${bounds.min}` : `from ${bounds.min} to ${bounds.max}`;
  return setting(
    `a whole number, ${range}`,
    given.pipe(
      z.union([
        z.undefined().transform(() => fallback),
        z
          .string()
          .regex(/^-?\d+$/)
          .transform(Number)
          .pipe(
            z
              .number()
              .int()
              .min(bounds.min)
              .max(bounds.max ?? Number.MAX_SAFE_INTEGER),
          ),
      ]),
    ),
    docs,
  );
}

/** A decimal number in a range, or `fallback` when unset. */
export function decimal(
  bounds: { min: number; max: number; above?: boolean },
  fallback: number,
  docs: SettingDocs,
): Setting<number> {
  const low = bounds.above ? `above ${bounds.min}` : `from ${bounds.min}`;
  return setting(
    `a number ${low} up to ${bounds.max}`,
    given.pipe(
      z.union([
        z.undefined().transform(() => fallback),
        z
          .string()
          .regex(/^-?(\d+(\.\d*)?|\.\d+)$/)
          .transform(Number)
          .pipe(z.number().min(bounds.min).max(bounds.max))
          .refine((n) => !bounds.above || n > bounds.min),
      ]),
    ),
    docs,
  );
}

const ON = ["on", "1", "true", "yes"];
const OFF = ["off", "0", "false", "no"];

/** `on` or `off` (also 1 / 0, true / false, yes / no); `fallback` when unset. */
export function onOff<F extends boolean | undefined>(fallback: F, docs: SettingDocs): Setting<boolean | F> {
  return setting(
    "on or off",
    given.pipe(
      z.union([
        z.undefined().transform(() => fallback),
        z
          .string()
          .transform((v) => v.toLowerCase())
          .pipe(z.enum([...ON, ...OFF] as [string, ...string[]]))
          .transform((v) => ON.includes(v)),
      ]),
    ),
    docs,
  );
}

/** Exactly `on` or `off`, for a switch whose `on` costs money (the sandbox checkout hands out credit). */
export function strictOnOff(fallback: boolean, docs: SettingDocs): Setting<boolean> {
  return setting(
    "on or off (exactly)",
    given.pipe(z.union([z.undefined().transform(() => fallback), z.enum(["on", "off"]).transform((v) => v === "on")])),
    docs,
  );
}

/** A TCP port (0: any free one), or `fallback` when unset. */
export function port<F extends number | undefined>(fallback: F, docs: SettingDocs): Setting<number | F> {
  const kind = wholeNumber({ min: 0, max: 65_535 }, fallback, docs);
  return { ...kind, form: "a port number, from 0 to 65535" };
}

/** A TCP port, or `off` (undefined). */
export function portOrOff(fallback: number | "off", docs: SettingDocs): Setting<number | undefined> {
  return setting(
    "a port number (0 to 65535) or off",
    given.pipe(
      z.union([
        z.undefined().transform(() => (fallback === "off" ? undefined : fallback)),
        z.literal("off").transform(() => undefined),
        z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(0).max(65_535)),
      ]),
    ),
    docs,
  );
}

/** One of a few words. */
export function oneOf<const W extends string, F extends W | undefined>(
  words: readonly W[],
  fallback: F,
  docs: SettingDocs,
): Setting<W | F> {
  return setting(
    `one of ${words.join(", ")}`,
    given.pipe(
      z.union([
        z.undefined().transform(() => fallback),
        z
          .string()
          .transform((v) => v.toLowerCase())
          .pipe(z.enum(words as unknown as [W, ...W[]])),
      ]),
    ),
    docs,
  );
}

/** Any text, or undefined when unset. */
export function text(
  docs: SettingDocs,
  check?: { form: string; test: (v: string) => boolean },
): Setting<string | undefined> {
  return setting(
    check?.form ?? "any text",
    given.pipe(z.union([z.undefined(), z.string().refine((v) => !check || check.test(v))])),
    docs,
  );
}

/** A URL with one of `protocols` (e.g. `http:`), or `fallback` when unset; trailing slashes dropped. */
export function url<F extends string | undefined = undefined>(
  protocols: string[],
  docs: SettingDocs,
  fallback?: F,
): Setting<string | F> {
  const form = `a URL starting ${protocols.map((p) => `${p}//`).join(" or ")}`;
  return setting(
    form,
    given.pipe(
      z.union([
        z.undefined().transform(() => fallback as F),
        z
          .string()
          .refine((v) => {
            try {
              return protocols.includes(new URL(v).protocol);
            } catch {
              return false;
            }
          })
          .transform((v) => v.replace(/\/+$/, "")),
      ]),
    ),
    docs,
  );
}

/**
 * A connection string of one of `schemes` (`postgresql:`), checked by its scheme only: drivers take forms WHATWG's
 * URL parser refuses (a unix socket, `postgresql://user:pw@/db?host=/var/run/postgresql`).
 */
export function connectionString(schemes: string[], docs: SettingDocs): Setting<string | undefined> {
  return setting(
    `a connection string starting ${schemes.map((p) => `${p}//`).join(" or ")}`,
    given.pipe(z.union([z.undefined(), z.string().refine((v) => schemes.some((p) => v.startsWith(`${p}//`)))])),
    docs,
  );
}

/** A comma-separated list (items trimmed, empties dropped), each item checked by `item`. */
export function list(item: { form: string; test: (v: string) => boolean }, docs: SettingDocs): Setting<string[]> {
  return setting(
    `a comma-separated list of ${item.form}`,
    given.pipe(
      z.union([
        z.undefined().transform(() => [] as string[]),
        z
          .string()
          .transform((v) =>
            v
              .split(",")
              .map((s) => s.trim())
              .filter(Boolean),
          )
          .refine((items) => items.every(item.test)),
      ]),
    ),
    docs,
  );
}

/** A comma-separated list of whole numbers from 0 (empty when unset). */
export function wholeNumbers(docs: SettingDocs): Setting<number[]> {
  const numbers = list({ form: "whole numbers", test: (v) => /^\d+$/.test(v) }, docs);
  return { ...numbers, schema: numbers.schema.transform((items) => items.map(Number)) };
}
