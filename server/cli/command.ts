import type { ParseArgsConfig } from "node:util";

export type OptionValues = Record<string, string | boolean | undefined>;

/**
 * One CLI command per file. parse() checks the arguments before anything
 * touches the database, so a bad argument changes nothing.
 */
export type Command<Args = unknown> = {
  name: string;
  usage: string;
  options: NonNullable<ParseArgsConfig["options"]>;
  /** The name of the one value a command takes after its words (`sender-id decide <id>`), read as that option. */
  positional?: string;
  parse(values: OptionValues): Args;
  run(args: Args): Promise<{ json: object; text: string }>;
};

export class UsageError extends Error {}

export function defineCommand<Args>(command: Command<Args>): Command<Args> {
  return command;
}

export function required(values: OptionValues, name: string): string {
  const value = values[name];
  if (typeof value !== "string" || value.trim() === "") throw new UsageError(`--${name} is required`);
  return value.trim();
}

export function optional(values: OptionValues, name: string): string | undefined {
  const value = values[name];
  return typeof value === "string" ? value.trim() : undefined;
}
