// The dashboard's import preview (docs/decisions.md, "The dashboard pages"): before anything is written, what the file's columns become, its
// first rows as they will be stored, and every row that will be left out and why, with the counts of contacts
// made and updated. The same reading and merge plan as the import itself, so the preview is what happens.
import type { AccountScope } from "../keys/resolve-api-key";
import { planContactMerge } from "./merge-contacts";
import { CONTACT_COLUMNS, readRows, type PreparedImport } from "./import-contacts";

const SAMPLE = 5;
const REPORTED = 100;

export async function previewImport(prepared: PreparedImport, scope: AccountScope) {
  const { rows, skipped } = await readRows(prepared);
  const plan = await planContactMerge(scope, rows);
  const all = [...skipped, ...plan.skipped].sort((a, b) => a.row - b.row);
  const left = new Set(plan.skipped.map((s) => s.row));
  return {
    columns: prepared.columns.map((column, i) => ({
      column,
      becomes: CONTACT_COLUMNS.has(column)
        ? column
        : (Object.entries(prepared.consentAt ?? {}).find(([, at]) => at === i)?.[0] ?? `attributes.${column}`),
    })),
    sample: rows
      .filter((r) => !left.has(r.row!))
      .slice(0, SAMPLE)
      .map((r) => ({
        row: r.row!,
        phone: r.phone ?? null,
        email: r.email ?? null,
        firstName: r.firstName ?? null,
        lastName: r.lastName ?? null,
        attributes: r.attributes ?? {},
        consent: { sms: r.consent?.sms ? true : false, email: r.consent?.email ? true : false },
      })),
    rows: prepared.body.length,
    imported: plan.imported,
    updated: plan.updated,
    skipped: all.slice(0, REPORTED),
    skippedTotal: all.length,
  };
}
