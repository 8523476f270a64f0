// A template body's variables, {{1}}, {{2}}... or named ones ({{first_name}}): how many a send fills, and the body
// with them filled. One reading of the placeholders for the sync from Meta, the sandbox's templates and the send.
const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** Each distinct placeholder is one variable a send must fill. */
export function templateVariableCount(body: string | null | undefined): number {
  return new Set((body ?? "").match(PLACEHOLDER) ?? []).size;
}

/** {{1}}, {{2}}... (or named ones, in order of first appearance) replaced by the variables given. */
export function fillVariables(body: string, variables: string[]): string {
  const names: string[] = [];
  return body.replace(PLACEHOLDER, (whole, name: string) => {
    let index = /^\d+$/.test(name) ? Number(name) - 1 : names.indexOf(name);
    if (index < 0) index = names.push(name) - 1;
    return variables[index] ?? whole;
  });
}
