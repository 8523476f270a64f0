// One structured logger for every process: a JSON line per event in
// production (for a log pipeline), readable lines in development
// (KASA_LOG_FORMAT=pretty|json overrides). Secrets are kept out by what we
// choose to log; the redact list is the second line of defence for anything
// that slips into a logged object under a telling name.
import pino, { type Logger } from "pino";
import pretty from "pino-pretty";
import { config } from "../config/config";

const REDACTED_FIELDS = [
  "password",
  "newPassword",
  "secret",
  "token",
  "apiKey",
  "authorization",
  "cookie",
  "verificationCode",
  "body",
  "html",
  "text",
];
const REDACT = REDACTED_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]);

type Holder = { kasaLogger?: Logger; kasaLineLogger?: Logger; kasaProcessName?: string };
// One per isolate, also when Next's bundle and the front each load this file (`npm run dev`).
const holder = globalThis as unknown as Holder;

/** What this process's lines say wrote them ("web" unless told; the worker says "worker"), before its first line. */
export function nameProcess(name: string): void {
  holder.kasaProcessName = name;
}

/** How long a buffered request line may wait to be written (a busy server writes its buffer long before). */
const LINE_FLUSH_MS = 250;

function build(redacted: boolean, buffered = false): Logger {
  const settings = config();
  const format = settings.KASA_LOG_FORMAT ?? (settings.NODE_ENV === "production" ? "json" : "pretty");
  const options = {
    level: settings.KASA_LOG_LEVEL,
    base: { pid: process.pid, process: holder.kasaProcessName ?? "web" },
    ...(redacted ? { redact: { paths: REDACT, censor: "[redacted]" } } : {}),
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  if (format === "pretty")
    return pino(options, pretty({ colorize: process.stdout.isTTY, ignore: "pid,hostname,process", sync: true }));
  if (!buffered) return pino(options);
  // Written about 3 KB at a time, at the latest LINE_FLUSH_MS later, and on exit: one write per request cost the
  // lean front about 2.5 % of a live send's CPU. Each write is whole lines and at most 4096 bytes, which a pipe
  // writes in one piece, so another writer of the same stdout (the Next thread, a cluster sibling) never lands
  // inside a line. A process killed outright loses at most that moment's lines; the request log in the database
  // has every request.
  const destination = pino.destination({ dest: 1, sync: true, minLength: 3072, maxWrite: 4096 });
  setInterval(() => destination.flush(), LINE_FLUSH_MS).unref();
  process.once("exit", () => destination.flushSync());
  return pino(options, destination);
}

export function logger(): Logger {
  return (holder.kasaLogger ??= build(true));
}

/**
 * The one line per API request (record-answer.ts). Its fields are fixed and chosen by Kasa (ids, a key prefix, a
 * status, a latency), never a body or a secret, so it skips the redact list: redaction cost nine times the line
 * itself (40 µs against 4.4 µs a line, measured), on every request.
 */
export function requestLineLogger(): Logger {
  return (holder.kasaLineLogger ??= build(false, true));
}

/** For tests: every line goes to `write` until the returned function is called. */
export function captureLogs(write: (line: string) => void): () => void {
  const previous = { kasaLogger: holder.kasaLogger, kasaLineLogger: holder.kasaLineLogger };
  const destination = { write: (line: string) => write(line) };
  holder.kasaLogger = pino({ level: "debug", redact: { paths: REDACT, censor: "[redacted]" } }, destination);
  holder.kasaLineLogger = pino({ level: "debug" }, destination);
  return () => Object.assign(holder, previous);
}
