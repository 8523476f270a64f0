import { createHash } from "node:crypto";

/**
 * Builds a parameterised statement from named values: `p(name)` marks where a
 * value goes, and the finished text gets $1, $2, ... in order of appearance.
 * Only the names the final text uses are sent, so one statement can include
 * optional parts (PostgreSQL refuses a parameter the text never mentions).
 */
export function namedSql(
  values: Record<string, unknown>,
  build: (p: (name: string) => string) => string,
): { name: string; text: string; values: unknown[] } {
  const marked = build((name) => {
    if (!(name in values)) throw new Error(`namedSql: no value for ${name}`);
    return `\u0000${name}\u0000`;
  });
  const order: string[] = [];
  // NUL cannot appear in SQL text, so it is a safe marker around the names.
  // eslint-disable-next-line no-control-regex
  const text = marked.replace(/\u0000([^\u0000]+)\u0000/g, (_, name: string) => {
    let index = order.indexOf(name);
    if (index < 0) index = order.push(name) - 1;
    return `$${index + 1}`;
  });
  return { name: statementName(text), text, values: order.map((name) => values[name]) };
}

/** A name from the text makes pg prepare the statement once per connection and reuse the plan. */
export function statementName(text: string): string {
  return `k${createHash("sha1").update(text).digest("hex").slice(0, 16)}`;
}
