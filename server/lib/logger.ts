// One structured logger for every process: a JSON line per event in
// production (for a log pipeline), readable lines in development
// (KASA_LOG_FORMAT=pretty|json overrides). Secrets are kept out by what we
// choose to log; the redact list is the second line of defence for anything
// that slips into a logged object under a telling name.
import pino, { type Logger } from "pino";
import pretty from "pino-pretty";

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

type Holder = { kasaLogger?: Logger };
// One per process, also when Next's bundle and the lean front each load this file.
const holder = globalThis as unknown as Holder;

export function logger(): Logger {
  if (holder.kasaLogger) return holder.kasaLogger;
  const format = process.env.KASA_LOG_FORMAT ?? (process.env.NODE_ENV === "production" ? "json" : "pretty");
  const options = {
    level: process.env.KASA_LOG_LEVEL ?? "info",
    base: { pid: process.pid, process: process.env.KASA_PROCESS ?? "web" },
    redact: { paths: REDACT, censor: "[redacted]" },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  holder.kasaLogger =
    format === "pretty"
      ? pino(options, pretty({ colorize: process.stdout.isTTY, ignore: "pid,hostname,process", sync: true }))
      : pino(options);
  return holder.kasaLogger;
}

/** For tests: every line goes to `write` until the returned function is called. */
export function captureLogs(write: (line: string) => void): () => void {
  const previous = holder.kasaLogger;
  holder.kasaLogger = pino(
    { level: "debug", redact: { paths: REDACT, censor: "[redacted]" } },
    { write: (line: string) => write(line) },
  );
  return () => {
    holder.kasaLogger = previous;
  };
}
