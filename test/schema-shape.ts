// Two descriptions of the same database, as comparable text lines:
// one read from the Prisma data model (prisma/schema.prisma, parsed by
// Prisma's own schema engine in WebAssembly), one from the live database.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import pg from "pg";

const require = createRequire(import.meta.url);
const schemaWasm = require("@prisma/prisma-schema-wasm") as { get_dmmf(params: string): string };

type DmmfField = {
  name: string;
  dbName?: string;
  kind: string;
  type: string;
  isList: boolean;
  isRequired: boolean;
  nativeType: [string, string[]] | null;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
};
type DmmfModel = { name: string; dbName: string | null; fields: DmmfField[] };
type DmmfIndex = { model: string; type: "id" | "unique" | "normal" | "fulltext"; fields: { name: string }[] };
type Dmmf = {
  datamodel: {
    models: DmmfModel[];
    enums: { name: string; dbName: string | null; values: { name: string; dbName: string | null }[] }[];
    indexes: DmmfIndex[];
  };
};

const SCALAR_TYPES: Record<string, string> = {
  String: "text",
  Int: "integer",
  BigInt: "bigint",
  Boolean: "boolean",
  DateTime: "timestamp(3)",
  Float: "double precision",
  Json: "jsonb",
  Bytes: "bytea",
  Decimal: "numeric(65,30)",
};
const NATIVE_TYPES: Record<string, (args: string[]) => string> = {
  Char: ([n]) => `character(${n})`,
  VarChar: ([n]) => (n ? `varchar(${n})` : "varchar"),
  Text: () => "text",
  Timestamptz: ([p]) => `timestamptz(${p ?? 6})`,
  Timestamp: ([p]) => `timestamp(${p ?? 6})`,
  Uuid: () => "uuid",
  Date: () => "date",
  Integer: () => "integer",
  BigInt: () => "bigint",
  SmallInt: () => "smallint",
  JsonB: () => "jsonb",
  Inet: () => "inet",
  Decimal: ([p, s]) => `numeric(${p ?? 65},${s ?? 30})`,
};

export function modelShape(schemaPath = "prisma/schema.prisma"): string[] {
  const dmmf = JSON.parse(
    schemaWasm.get_dmmf(
      JSON.stringify({ prismaSchema: [["schema.prisma", readFileSync(schemaPath, "utf8")]], noColor: true }),
    ),
  ) as Dmmf;
  const { models, enums, indexes } = dmmf.datamodel;
  const table = (model: string) => {
    const m = models.find((x) => x.name === model)!;
    return m.dbName ?? m.name;
  };
  const column = (model: string, field: string) => {
    const f = models.find((x) => x.name === model)!.fields.find((x) => x.name === field)!;
    return f.dbName ?? f.name;
  };
  const enumDbName = (name: string) => {
    const e = enums.find((x) => x.name === name)!;
    return e.dbName ?? e.name;
  };
  const lines: string[] = [];
  for (const e of enums)
    lines.push(`enum ${enumDbName(e.name)} (${e.values.map((v) => v.dbName ?? v.name).join(", ")})`);
  for (const model of models) {
    for (const field of model.fields) {
      if (field.kind === "object") {
        if (field.relationFromFields?.length) {
          lines.push(
            `fk ${table(model.name)}(${field.relationFromFields.map((f) => column(model.name, f)).join(",")}) -> ${table(field.type)}(${field.relationToFields!.map((f) => column(field.type, f)).join(",")}) on delete ${(field.relationOnDelete ?? (field.isRequired ? "Restrict" : "SetNull")).toLowerCase()}`,
          );
        }
        continue;
      }
      let type =
        field.kind === "enum"
          ? `enum ${enumDbName(field.type)}`
          : field.nativeType
            ? NATIVE_TYPES[field.nativeType[0]]!(field.nativeType[1])
            : SCALAR_TYPES[field.type]!;
      if (field.isList) type += "[]";
      // Prisma creates list columns without NOT NULL.
      const nullable = field.isList || !field.isRequired;
      lines.push(`column ${table(model.name)}.${field.dbName ?? field.name} ${type} ${nullable ? "null" : "not null"}`);
    }
  }
  for (const index of indexes) {
    if (index.type === "fulltext") continue;
    const kind = index.type === "id" ? "primary" : index.type;
    lines.push(
      `index ${kind} ${table(index.model)}(${index.fields.map((f) => column(index.model, f.name)).join(",")})`,
    );
  }
  return lines.sort();
}

export async function databaseShape(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const lines: string[] = [];
    const enums =
      await client.query(`SELECT t.typname, array_agg(e.enumlabel ORDER BY e.enumsortorder)::text[] AS labels
      FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = 'public' GROUP BY t.typname`);
    for (const row of enums.rows) lines.push(`enum ${row.typname} (${row.labels.join(", ")})`);

    const columns =
      await client.query(`SELECT table_name, column_name, is_nullable, data_type, udt_name, character_maximum_length, datetime_precision, numeric_precision, numeric_scale
      FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'
        -- A partition repeats its parent's columns: the parent is what the model describes.
        AND NOT EXISTS (SELECT 1 FROM pg_class p JOIN pg_namespace pn ON pn.oid = p.relnamespace
          WHERE pn.nspname = 'public' AND p.relname = table_name AND p.relispartition)`);
    for (const c of columns.rows)
      lines.push(
        `column ${c.table_name}.${c.column_name} ${columnType(c)} ${c.is_nullable === "YES" ? "null" : "not null"}`,
      );

    const fks =
      await client.query(`SELECT c.conrelid::regclass::text AS tbl, c.confrelid::regclass::text AS ref, c.confdeltype,
        (SELECT string_agg(a.attname, ',' ORDER BY k.ord) FROM unnest(c.conkey) WITH ORDINALITY k(n, ord) JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n) AS cols,
        (SELECT string_agg(a.attname, ',' ORDER BY k.ord) FROM unnest(c.confkey) WITH ORDINALITY k(n, ord) JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n) AS refcols
      FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE c.contype = 'f' AND n.nspname = 'public'`);
    const onDelete: Record<string, string> = {
      a: "noaction",
      r: "restrict",
      c: "cascade",
      n: "setnull",
      d: "setdefault",
    };
    for (const f of fks.rows)
      lines.push(
        `fk ${unquote(f.tbl)}(${f.cols}) -> ${unquote(f.ref)}(${f.refcols}) on delete ${onDelete[f.confdeltype]}`,
      );

    const indexes = await client.query(`SELECT t.relname AS tbl, i.indisprimary, i.indisunique,
        (SELECT string_agg(a.attname, ',' ORDER BY k.ord) FROM unnest(i.indkey) WITH ORDINALITY k(n, ord) JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.n
         -- Key columns only: an index's INCLUDE columns (a covering index, for index-only scans) are SQL-only.
         WHERE k.ord <= i.indnkeyatts) AS cols
      FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = 'public' AND t.relname <> '_prisma_migrations' AND NOT t.relispartition
        -- Partial and expression indexes (one primary domain per account, a request's status class) are SQL-only,
        -- like CHECKs: tested by behaviour and by the query plans (server/db/query-plans.int.test.ts).
        AND i.indpred IS NULL AND i.indexprs IS NULL`);
    for (const i of indexes.rows)
      lines.push(`index ${i.indisprimary ? "primary" : i.indisunique ? "unique" : "normal"} ${i.tbl}(${i.cols})`);
    return lines.sort();
  } finally {
    await client.end();
  }
}

function columnType(c: {
  data_type: string;
  udt_name: string;
  character_maximum_length: number | null;
  datetime_precision: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
}): string {
  switch (c.data_type) {
    case "ARRAY":
      return `${columnType({ ...c, data_type: baseType(c.udt_name.slice(1)) })}[]`;
    case "USER-DEFINED":
      return `enum ${c.udt_name}`;
    case "timestamp with time zone":
      return `timestamptz(${c.datetime_precision})`;
    case "timestamp without time zone":
      return `timestamp(${c.datetime_precision})`;
    case "character":
      return `character(${c.character_maximum_length})`;
    case "character varying":
      return c.character_maximum_length ? `varchar(${c.character_maximum_length})` : "varchar";
    case "numeric":
      return `numeric(${c.numeric_precision},${c.numeric_scale})`;
    default:
      return c.data_type;
  }
}

function baseType(udt: string): string {
  return (
    (
      {
        text: "text",
        int4: "integer",
        int8: "bigint",
        bool: "boolean",
        varchar: "character varying",
        uuid: "uuid",
      } as Record<string, string>
    )[udt] ?? udt
  );
}

const unquote = (name: string) => name.replace(/^"|"$/g, "");
