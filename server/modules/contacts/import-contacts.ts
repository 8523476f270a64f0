// POST /api/v1/contacts/import: a CSV with a header row. phone, email,
// first_name and last_name are the contact's; any other column is an
// attribute. Every row is checked first; the good ones are written in one
// transaction (all of them or none), and every row left out is reported with
// its number in the file and why. Nothing is half-imported silently: not a
// row with a cell too many or too few, nor a value cut short to fit.
import { AppError } from "../../errors/app-error";
import type { AccountScope } from "../keys/resolve-api-key";
import { readCsv, forEachYielding } from "../../lib/read-csv";
import { normalizeEmail, normalizePhone } from "./normalize-contact";
import { mergeContacts, type ContactRow, type MergeDeadline } from "./merge-contacts";
import { assertListsExist } from "./account-lists";
import { MAX_IMPORT_ROWS } from "./schemas";
import { MAX_PROOF, type ConsentChange } from "./consent";

export const CONTACT_COLUMNS = new Set(["phone", "email", "first_name", "last_name"]);
/** The columns that say consent, by their own name unless the import maps others to them. */
const CONSENT_FIELDS = ["sms_consent", "sms_consent_proof", "email_consent", "email_consent_proof"] as const;
type ConsentField = (typeof CONSENT_FIELDS)[number];
/** Columns a file may have: the four of a contact and its attributes (a wider header is an attack, not a customer list). */
export const MAX_COLUMNS = 100;
/** The report lists this many skipped rows; `skipped_total` counts them all. */
const REPORTED = 1_000;
/** The longest value a column takes (phone and email are checked as what they are). */
const MAX_LENGTH = (column: string) =>
  column === "phone" || column === "email" ? Infinity : CONTACT_COLUMNS.has(column) ? 100 : 500;

export type PreparedImport = {
  columns: string[];
  body: string[][];
  /** The column index of each consent field the file has. */
  consentAt?: Partial<Record<ConsentField, number>>;
  /** When the import ran: a "yes" is consent recorded at this time. */
  at?: Date;
};
export type ReadRows = { rows: ContactRow[]; skipped: { row: number; reason: string }[] };

export async function prepareImport(
  input: { csv: string; list_id?: string; consent_columns?: Partial<Record<ConsentField, string>> },
  caller: AccountScope,
): Promise<PreparedImport> {
  let records: string[][];
  try {
    // Rows of a different width are read, to be reported by number; the file as a whole must be CSV.
    records = await readCsv(
      input.csv,
      // max_record_size: no single record (a header or row of one endless cell) may make the parser hold megabytes.
      { skip_empty_lines: true, relax_column_count: true, trim: true, bom: true, max_record_size: 64 * 1024 },
      MAX_IMPORT_ROWS + 1,
    );
  } catch (error) {
    throw csvError(`csv is not readable CSV: ${(error as Error).message}`);
  }
  const [header, ...body] = records;
  if ((header?.length ?? 0) > MAX_COLUMNS)
    throw csvError(`csv's header names ${header!.length} columns; an import takes at most ${MAX_COLUMNS}`);
  const columns = (header ?? []).map((h) => h.trim().toLowerCase().replace(/\s+/g, "_"));
  if (!columns.includes("phone") && !columns.includes("email"))
    throw csvError("csv's first row must name the columns, with phone, email or both");
  if (body.length > MAX_IMPORT_ROWS)
    throw new AppError("INVALID_REQUEST", {
      message: `csv has more than ${MAX_IMPORT_ROWS} rows; an import takes at most ${MAX_IMPORT_ROWS}`,
      context: { field: "csv", reason: "csv_content", limit: MAX_IMPORT_ROWS },
    });
  const unnamed = columns.findIndex((c) => c === "");
  if (unnamed >= 0) throw csvError(`Column ${unnamed + 1} of the header has no name`);
  const twice = columns.find((c, i) => columns.indexOf(c) !== i); // at most MAX_COLUMNS²: 10,000 steps
  if (twice) throw csvError(`The header names ${twice} twice: which one is meant cannot be told`);
  const bad = columns.filter((c) => !CONTACT_COLUMNS.has(c) && !/^[a-z0-9_]{1,40}$/.test(c));
  if (bad.length)
    throw csvError(`Column names become attribute names: letters, digits and _ only, 40 at most (${bad.join(", ")})`);
  const consentAt: PreparedImport["consentAt"] = {};
  for (const field of CONSENT_FIELDS) {
    const given = input.consent_columns?.[field];
    const name = (given ?? field).trim().toLowerCase().replace(/\s+/g, "_");
    const at = columns.indexOf(name);
    if (at >= 0) consentAt[field] = at;
    else if (given) throw csvError(`consent_columns.${field} names ${given}, which is not a column of the file`);
  }
  if (input.list_id) await assertListsExist(caller, [input.list_id]);
  return { columns, body, consentAt, at: new Date() };
}

/** Every row checked and normalised, the event loop served between thousands of them. */
export async function readRows(prepared: PreparedImport): Promise<ReadRows> {
  const rows: ContactRow[] = [];
  const skipped: ReadRows["skipped"] = [];
  await forEachYielding(prepared.body, (cells, i) => {
    const row = i + 2; // the header is row 1
    const read = readRow(prepared, cells);
    if ("reason" in read) skipped.push({ row, reason: read.reason });
    else rows.push({ ...read, row });
  });
  return { rows, skipped };
}

export async function importContacts({
  prepared,
  listId,
  caller,
  deadline,
}: {
  prepared: PreparedImport;
  listId?: string;
  caller: AccountScope;
  deadline?: MergeDeadline;
}) {
  const { rows, skipped } = await readRows(prepared);
  const outcome = await mergeContacts({
    scope: { accountId: caller.accountId, mode: caller.mode },
    rows,
    listIds: listId ? [listId] : [],
    options: { deadline, exclusive: true },
  });
  const all = [...skipped, ...outcome.skipped].sort((a, b) => a.row - b.row);
  return {
    imported: outcome.imported,
    updated: outcome.updated,
    skipped: all.slice(0, REPORTED),
    skipped_total: all.length,
  };
}

function readRow(prepared: PreparedImport, cells: string[]): Omit<ContactRow, "row"> | { reason: string } {
  const { columns } = prepared;
  const consentColumns = new Set(Object.values(prepared.consentAt ?? {}));
  if (cells.length !== columns.length)
    return { reason: `${cells.length} cells where the header names ${columns.length} columns` };
  const value = (name: string) => {
    const at = columns.indexOf(name);
    return at >= 0 && cells[at] ? cells[at] : undefined;
  };
  const rawPhone = value("phone");
  const rawEmail = value("email");
  if (!rawPhone && !rawEmail) return { reason: "no phone and no email" };
  const phone = rawPhone ? normalizePhone(rawPhone) : undefined;
  if (phone && "reason" in phone) return phone;
  const email = rawEmail ? normalizeEmail(rawEmail) : undefined;
  if (email && "reason" in email) return email;
  const attributes: Record<string, string> = {};
  for (let i = 0; i < columns.length; i++) {
    const limit = MAX_LENGTH(columns[i]!);
    if (cells[i]!.length > limit) return { reason: `${columns[i]} is longer than ${limit} characters` };
    if (!CONTACT_COLUMNS.has(columns[i]!) && !consentColumns.has(i) && cells[i]) attributes[columns[i]!] = cells[i]!;
  }
  const consent = importedConsent(prepared, cells, { sms: !!phone, email: !!email });
  if ("reason" in consent) return consent;
  return {
    ...(Object.keys(consent).length ? { consent, consentIfNone: true } : {}),
    phone: phone?.phone,
    countryIso: phone?.countryIso,
    email: email?.email,
    firstName: value("first_name"),
    lastName: value("last_name"),
    attributes,
  };
}

const YES = new Set(["yes", "y", "true", "1", "x"]);
const NO = new Set(["", "no", "n", "false", "0"]);

/** A row's consent cells as grants (source import): yes is now, a date is that date; empty or no records nothing. */
function importedConsent(prepared: PreparedImport, cells: string[], has: { sms: boolean; email: boolean }) {
  const consent: ConsentChange = {};
  const at = prepared.at ?? new Date();
  for (const channel of ["sms", "email"] as const) {
    const column = prepared.consentAt?.[`${channel}_consent`];
    if (column === undefined) continue;
    const cell = cells[column]!.trim();
    if (NO.has(cell.toLowerCase())) continue;
    const when = YES.has(cell.toLowerCase()) ? at : /^\d{4}-\d\d-\d\d/.test(cell) ? new Date(cell) : null;
    if (!when || Number.isNaN(when.getTime()) || when.getTime() > at.getTime() + 5 * 60_000)
      return { reason: `${channel}_consent is ${cell}: yes, no, or the date they agreed (not in the future)` };
    if (!has[channel])
      return { reason: `${channel}_consent is given for a row without ${channel === "sms" ? "a phone" : "an email"}` };
    const proofColumn = prepared.consentAt?.[`${channel}_consent_proof`];
    const proof = proofColumn !== undefined ? cells[proofColumn]!.trim() : "";
    if (proof.length > MAX_PROOF) return { reason: `${channel}_consent_proof is longer than ${MAX_PROOF} characters` };
    consent[channel] = { at: when, source: "import", proof: proof || `CSV import of ${at.toISOString().slice(0, 10)}` };
  }
  return consent;
}

function csvError(message: string) {
  return new AppError("INVALID_REQUEST", { message, context: { field: "csv", reason: "csv_content" } });
}
