// Reading a large CSV without holding the event loop: csv-parse's streaming
// parser is fed 64 KiB at a time, and the process serves other requests
// between slices. A 100,000-row import then costs the API's other callers a
// few milliseconds at a time, never the seconds a single synchronous parse of
// the whole file would take.
import { parse, type Options } from "csv-parse";

const SLICE = 64 * 1024;

export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The records of `text`; stops reading past `maxRecords` (the caller refuses the file then). */
export async function readCsv(text: string, options: Options, maxRecords: number): Promise<string[][]> {
  const parser = parse(options);
  const records: string[][] = [];
  let failure: Error | undefined;
  parser.on("readable", () => {
    let record: string[] | null;
    while ((record = parser.read() as string[] | null) !== null) records.push(record);
  });
  const ended = new Promise<void>((resolve) => {
    parser.on("end", resolve);
    parser.on("error", (error: Error) => {
      failure = error;
      resolve();
    });
  });
  for (let at = 0; at < text.length && !failure && records.length <= maxRecords;) {
    // Never between the two halves of a surrogate pair: each half alone would be read as U+FFFD.
    let end = Math.min(at + SLICE, text.length);
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
    parser.write(text.slice(at, end));
    at = end;
    await nextTurn();
  }
  if (records.length > maxRecords) {
    parser.destroy();
    return records;
  }
  if (!failure) parser.end();
  await ended;
  if (failure) throw failure;
  return records;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** Runs `each` over `items`, giving the event loop a turn every `every` items. */
export async function forEachYielding<T>(items: T[], each: (item: T, index: number) => void, every = 2_000) {
  for (let i = 0; i < items.length; i++) {
    if (i > 0 && i % every === 0) await nextTurn();
    each(items[i]!, i);
  }
}
