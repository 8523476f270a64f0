// The operator CLI's one run: `npm run -s admin -- <group> <verb> [--options] [--json]`.
// Exit codes: 0 done, 2 bad arguments (nothing changed), 1 anything else.
// With --json, stdout carries exactly one JSON object; logs go to stderr.
import { parseArgs } from "node:util";
import { COMMANDS } from "./commands/index";
import { UsageError, type Command } from "./command";
import { bootDatabase } from "../db/bootstrap";
import { disconnectDb } from "../db/client";
import { isAppError } from "../errors/app-error";
import { loadConfig } from "../config/config";

/** Where a run's text goes: the process's stdout and stderr, or a test's buffers. */
export type AdminOutput = { stdout(text: string): void; stderr(text: string): void };

/** Runs one command line and answers its exit code; main.ts is this on the process's arguments. */
export async function runAdmin(argv: string[], out: AdminOutput): Promise<number> {
  // A bad setting stops every command before it does anything.
  loadConfig();
  const words = argv
    .filter((a) => !a.startsWith("-"))
    .slice(0, 2)
    .join(" ");
  const command = COMMANDS.find((c) => c.name === words);
  if (!command) {
    out.stderr(words ? `kasa admin: unknown command "${words}"\n` : usage());
    return 2;
  }
  let parsed: { json: boolean; args: unknown };
  try {
    parsed = parseCommandLine(command, argv);
  } catch (error) {
    out.stderr(`kasa admin ${command.name}: ${oneLine((error as Error).message)}\n`);
    return 2;
  }

  const database = await bootDatabase();
  try {
    const result = await command.run(parsed.args);
    out.stdout(parsed.json ? `${JSON.stringify(result.json)}\n` : `${result.text}\n`);
    return 0;
  } catch (error) {
    if (isAppError(error) && error.status < 500) {
      out.stderr(`kasa admin ${command.name}: ${oneLine(error.message)}\n`);
      return 2;
    }
    out.stderr(`kasa admin ${command.name}: ${(error as Error).stack ?? error}\n`);
    return 1;
  } finally {
    await disconnectDb();
    await database.release();
  }
}

function parseCommandLine(command: Command, argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { ...command.options, json: { type: "boolean" } },
    allowPositionals: true,
    strict: true,
  });
  const words = command.positional ? 3 : 2;
  if (positionals.length > words)
    throw new UsageError(`unexpected argument "${positionals[words]}"; usage: ${command.usage}`);
  if (command.positional && positionals.length < words)
    throw new UsageError(`<${command.positional}> is required; usage: ${command.usage}`);
  try {
    const given = command.positional ? { ...values, [command.positional]: positionals[2] } : values;
    return { json: values.json === true, args: command.parse(given) };
  } catch (error) {
    if (error instanceof UsageError) throw new UsageError(`${error.message}; usage: ${command.usage}`);
    throw error;
  }
}

/** node's parseArgs explains itself over several lines; operators get the first. */
function oneLine(text: string): string {
  return text.split("\n")[0]!.trim();
}

function usage(): string {
  return `usage: npm run -s admin -- <command>\n${COMMANDS.map((c) => `  ${c.usage}`).join("\n")}\n`;
}
