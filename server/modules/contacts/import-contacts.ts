// POST /api/v1/contacts/import: a CSV with a header row. phone, email,
// first_name and last_name are the contact's; any other column is an
// attribute. Every row is checked first; the good ones are written in one
// transaction (all of them or none), and every row left out is reported with
// its number in the file and why. Nothing is half-imported silently.
import { parse } from "csv-parse/sync";
import { AppError } from "../../errors/app-error";
import type { ApiCaller } from "../keys/resolve-api-key";
import { normalizeEmail, normalizePhone } from "./normalize-contact";
import { mergeContacts, type ContactRow } from "./merge-contacts";
import { assertListsExist } from "./account-lists";
import { MAX_IMPORT_ROWS } from "./schemas";

const KNOWN = new Set(["phone", "email", "first_name", "last_name"]);
/** The report lists this many skipped rows; `skipped_total` counts them all. */
const REPORTED = 1_000;

export async function prepareImport(input: { csv: string; list_id?: string }, caller: ApiCaller) {
  let records: string[][];
  try {
    records = parse(input.csv, { skip_empty_lines: true, relax_column_count: true, trim: true, bom: true });
  } catch (error) {
    throw new AppError("INVALID_REQUEST", {
      message: `csv is not readable CSV: ${(error as Error).message}`,
      context: { field: "csv", reason: "csv_content" },
    });
  }
  const [header, ...body] = records;
  const columns = (header ?? []).map((h) => h.trim().toLowerCase().replace(/\s+/g, "_"));
  if (!columns.includes("phone") && !columns.includes("email"))
    throw new AppError("INVALID_REQUEST", {
      message: "csv's first row must name the columns, with phone, email or both",
      context: { field: "csv", reason: "csv_content" },
    });
  if (body.length > MAX_IMPORT_ROWS)
    throw new AppError("INVALID_REQUEST", {
      message: `csv has ${body.length} rows; an import takes at most ${MAX_IMPORT_ROWS}`,
      context: { field: "csv", reason: "csv_content", limit: MAX_IMPORT_ROWS },
    });
  const bad = columns.filter((c) => !KNOWN.has(c) && !/^[a-z0-9_]{1,40}$/.test(c));
  if (bad.length)
    throw new AppError("INVALID_REQUEST", {
      message: `Column names become attribute names: letters, digits and _ only (${bad.join(", ")})`,
      context: { field: "csv", reason: "csv_content" },
    });
  if (input.list_id) await assertListsExist(caller, [input.list_id]);
  return { columns, body };
}

export async function importContacts(
  prepared: { columns: string[]; body: string[][] },
  listId: string | undefined,
  caller: ApiCaller,
) {
  const rows: ContactRow[] = [];
  const skipped: { row: number; reason: string }[] = [];
  prepared.body.forEach((cells, i) => {
    const row = i + 2; // the header is row 1
    const read = readRow(prepared.columns, cells);
    if ("reason" in read) skipped.push({ row, reason: read.reason });
    else rows.push({ ...read, row });
  });
  const outcome = await mergeContacts({ accountId: caller.accountId, mode: caller.mode }, rows, listId ? [listId] : []);
  const all = [...skipped, ...outcome.skipped].sort((a, b) => a.row - b.row);
  return {
    imported: outcome.imported,
    updated: outcome.updated,
    skipped: all.slice(0, REPORTED),
    skipped_total: all.length,
  };
}

function readRow(columns: string[], cells: string[]): Omit<ContactRow, "row"> | { reason: string } {
  const value = (name: string) => {
    const at = columns.indexOf(name);
    const cell = at >= 0 ? cells[at]?.trim() : undefined;
    return cell ? cell : undefined;
  };
  const rawPhone = value("phone");
  const rawEmail = value("email");
  if (!rawPhone && !rawEmail) return { reason: "no phone and no email" };
  const phone = rawPhone ? normalizePhone(rawPhone) : undefined;
  if (phone && "reason" in phone) return phone;
  const email = rawEmail ? normalizeEmail(rawEmail) : undefined;
  if (email && "reason" in email) return email;
  const attributes: Record<string, string> = {};
  columns.forEach((c, i) => {
    const cell = cells[i]?.trim();
    if (!KNOWN.has(c) && cell) attributes[c] = cell.slice(0, 500);
  });
  return {
    phone: phone?.phone,
    countryIso: phone?.countryIso,
    email: email?.email,
    firstName: value("first_name")?.slice(0, 100),
    lastName: value("last_name")?.slice(0, 100),
    attributes,
  };
}
