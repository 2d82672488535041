// Compares schema.prisma with what a migrated database actually holds (information_schema and
// pg_catalog), so hand-written migrations cannot silently drift from the schema.
import type { Session } from "../db/session";
import {
  columnFields,
  type PrismaField,
  type PrismaModel,
  type PrismaSchema,
} from "./prisma-schema";

export type Catalog = {
  tables: string[];
  columns: {
    table: string;
    column: string;
    nullable: boolean;
    dataType: string;
    udt: string;
    default: string | null;
  }[];
  enums: Map<string, string[]>;
  indexes: { table: string; name: string; unique: boolean; primary: boolean; columns: string[] }[];
  foreignKeys: {
    table: string;
    columns: string[];
    references: string;
    referencedColumns: string[];
    onDelete: string;
    onUpdate: string;
  }[];
};

// Tables that belong to the tooling, not to schema.prisma.
const TOOLING_TABLES = new Set(["_prisma_migrations"]);

export async function readCatalog(sql: Session): Promise<Catalog> {
  const tables = await sql.unsafe<{ table_name: string }[]>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
  );
  const columns = await sql.unsafe<
    {
      table_name: string;
      column_name: string;
      is_nullable: string;
      data_type: string;
      udt_name: string;
      column_default: string | null;
    }[]
  >(
    `SELECT table_name, column_name, is_nullable, data_type, udt_name, column_default
     FROM information_schema.columns WHERE table_schema = current_schema()`,
  );
  const enums = await sql.unsafe<{ name: string; values: string[] }[]>(
    `SELECT t.typname AS name, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS values
     FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace
     WHERE n.nspname = current_schema() GROUP BY t.typname`,
  );
  const indexes = await sql.unsafe<
    {
      table: string;
      name: string;
      unique: boolean;
      primary: boolean;
      columns: string[];
    }[]
  >(
    `SELECT c.relname AS table, i.relname AS name, ix.indisunique AS unique, ix.indisprimary AS primary,
            array_agg(a.attname::text ORDER BY k.ord) AS columns
     FROM pg_index ix
     JOIN pg_class i ON i.oid = ix.indexrelid
     JOIN pg_class c ON c.oid = ix.indrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     CROSS JOIN LATERAL unnest(ix.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
     WHERE n.nspname = current_schema()
     GROUP BY c.relname, i.relname, ix.indisunique, ix.indisprimary`,
  );
  const foreignKeys = await sql.unsafe<Catalog["foreignKeys"][number][]>(
    `SELECT c.relname AS table, r.relname AS references,
            (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(con.conkey) WITH ORDINALITY k(n, ord)
               JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.n) AS columns,
            (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(con.confkey) WITH ORDINALITY k(n, ord)
               JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.n) AS "referencedColumns",
            con.confdeltype AS "onDelete", con.confupdtype AS "onUpdate"
     FROM pg_constraint con
     JOIN pg_class c ON c.oid = con.conrelid
     JOIN pg_class r ON r.oid = con.confrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE con.contype = 'f' AND n.nspname = current_schema()`,
  );
  return {
    tables: tables.map((row) => row.table_name),
    columns: columns.map((row) => ({
      table: row.table_name,
      column: row.column_name,
      nullable: row.is_nullable === "YES",
      dataType: row.data_type,
      udt: row.udt_name,
      default: row.column_default,
    })),
    enums: new Map(enums.map((row) => [row.name, row.values])),
    indexes: [...indexes],
    foreignKeys: [...foreignKeys],
  };
}

const SCALAR_TYPES: Record<string, string> = {
  String: "text",
  Int: "integer",
  BigInt: "bigint",
  Boolean: "boolean",
  DateTime: "timestamp without time zone",
  Json: "jsonb",
  Float: "double precision",
  Decimal: "numeric",
  Bytes: "bytea",
};
const NATIVE_TYPES: Record<string, string> = {
  Uuid: "uuid",
  Text: "text",
  VarChar: "character varying",
  Timestamptz: "timestamp with time zone",
  Timestamp: "timestamp without time zone",
  Integer: "integer",
  SmallInt: "smallint",
  JsonB: "jsonb",
};
// Prisma's referential actions as pg_constraint stores them.
const ACTION_CODES: Record<string, string> = {
  NoAction: "a",
  Restrict: "r",
  Cascade: "c",
  SetNull: "n",
  SetDefault: "d",
};
// Defaults Prisma evaluates in the client: the database column has none.
const CLIENT_DEFAULTS = /@default\((uuid|cuid|nanoid|ulid)\(/;

function expectedDataType(field: PrismaField, schema: PrismaSchema): string {
  if (field.list)
    throw new Error(`${field.name}: list columns are not supported by the drift test`);
  if (schema.enums.has(field.type)) return "USER-DEFINED";
  if (field.nativeType) {
    const native = NATIVE_TYPES[field.nativeType];
    if (!native) throw new Error(`${field.name}: teach the drift test @db.${field.nativeType}`);
    return native;
  }
  const scalar = SCALAR_TYPES[field.type];
  if (!scalar) throw new Error(`${field.name}: unknown type ${field.type}`);
  return scalar;
}

function checkDefault(field: PrismaField, actual: string | null): string | undefined {
  const declared = /@default\(/.test(field.attributes) && !CLIENT_DEFAULTS.test(field.attributes);
  if (!declared)
    return actual === null
      ? undefined
      : `has a database default (${actual}) the schema does not declare`;
  if (actual === null) return "misses the database default the schema declares";
  if (/@default\(now\(\)\)/.test(field.attributes) && actual !== "CURRENT_TIMESTAMP")
    return `default is ${actual}, expected CURRENT_TIMESTAMP`;
  if (/@default\(autoincrement\(\)\)/.test(field.attributes) && !actual.startsWith("nextval("))
    return `default is ${actual}, expected a sequence`;
  return undefined;
}

const key = (table: string, columns: string[]) => `${table}(${columns.join(", ")})`;

function columnsOf(model: PrismaModel, fieldNames: string[]): string[] {
  return fieldNames.map(
    (name) => model.fields.find((field) => field.name === name)?.column ?? name,
  );
}

/** Every difference between schema.prisma and the database, as readable lines; [] when none. */
export function findSchemaDrift(schema: PrismaSchema, catalog: Catalog): string[] {
  const problems: string[] = [];
  const modelTables = new Set(schema.models.map((model) => model.table));
  for (const table of catalog.tables) {
    if (!modelTables.has(table) && !TOOLING_TABLES.has(table))
      problems.push(`table ${table} is not in schema.prisma`);
  }

  for (const [name, values] of schema.enums) {
    const actual = catalog.enums.get(name);
    if (!actual) problems.push(`enum ${name} is missing`);
    else if (actual.join(",") !== values.join(","))
      problems.push(`enum ${name} has (${actual.join(", ")}), expected (${values.join(", ")})`);
  }
  for (const name of catalog.enums.keys()) {
    if (!schema.enums.has(name)) problems.push(`enum type ${name} is not in schema.prisma`);
  }

  const expectedUnique = new Set<string>();
  const expectedIndex = new Set<string>();
  const expectedForeignKeys = new Map<
    string,
    { references: string; referencedColumns: string[]; onDelete: string; onUpdate: string }
  >();

  for (const model of schema.models) {
    if (!catalog.tables.includes(model.table)) {
      problems.push(`table ${model.table} (model ${model.name}) is missing`);
      continue;
    }
    const fields = columnFields(model, schema);
    const actualColumns = catalog.columns.filter((column) => column.table === model.table);
    for (const field of fields) {
      const where = `${model.table}.${field.column}`;
      const actual = actualColumns.find((column) => column.column === field.column);
      if (!actual) {
        problems.push(`column ${where} is missing`);
        continue;
      }
      if (actual.nullable !== field.optional)
        problems.push(
          `column ${where} is ${actual.nullable ? "nullable" : "NOT NULL"}, expected ${field.optional ? "nullable" : "NOT NULL"}`,
        );
      const dataType = expectedDataType(field, schema);
      if (actual.dataType !== dataType)
        problems.push(`column ${where} is ${actual.dataType}, expected ${dataType}`);
      else if (dataType === "USER-DEFINED" && actual.udt !== field.type)
        problems.push(`column ${where} has type ${actual.udt}, expected ${field.type}`);
      const defaultProblem = checkDefault(field, actual.default);
      if (defaultProblem) problems.push(`column ${where} ${defaultProblem}`);
    }
    for (const column of actualColumns) {
      if (!fields.some((field) => field.column === column.column))
        problems.push(`column ${model.table}.${column.column} is not in schema.prisma`);
    }

    if (!model.id) problems.push(`model ${model.name} has no @id (the drift test expects one)`);
    else {
      const primary = catalog.indexes.find((index) => index.table === model.table && index.primary);
      const wanted = columnsOf(model, model.id);
      if (!primary || primary.columns.join(",") !== wanted.join(",")) {
        problems.push(
          `primary key of ${model.table} is ${primary ? `(${primary.columns.join(", ")})` : "missing"}, expected (${wanted.join(", ")})`,
        );
      }
    }
    for (const unique of model.uniques)
      expectedUnique.add(key(model.table, columnsOf(model, unique)));
    for (const index of model.indexes) expectedIndex.add(key(model.table, columnsOf(model, index)));

    for (const field of model.fields) {
      if (!field.relation) continue;
      const target = schema.models.find((candidate) => candidate.name === field.type)!;
      const optional = field.relation.fields.some(
        (name) => model.fields.find((f) => f.name === name)?.optional,
      );
      expectedForeignKeys.set(key(model.table, columnsOf(model, field.relation.fields)), {
        references: target.table,
        referencedColumns: columnsOf(target, field.relation.references),
        onDelete: ACTION_CODES[field.relation.onDelete ?? (optional ? "SetNull" : "Restrict")]!,
        onUpdate: ACTION_CODES[field.relation.onUpdate ?? "Cascade"]!,
      });
    }
  }

  const tablesOfModels = catalog.indexes.filter(
    (index) => modelTables.has(index.table) && !index.primary,
  );
  const actualUnique = new Set(
    tablesOfModels.filter((index) => index.unique).map((index) => key(index.table, index.columns)),
  );
  const actualIndex = new Set(
    tablesOfModels.filter((index) => !index.unique).map((index) => key(index.table, index.columns)),
  );
  for (const wanted of expectedUnique)
    if (!actualUnique.has(wanted)) problems.push(`unique constraint on ${wanted} is missing`);
  for (const found of actualUnique)
    if (!expectedUnique.has(found))
      problems.push(`unique index on ${found} is not in schema.prisma`);
  for (const wanted of expectedIndex)
    if (!actualIndex.has(wanted)) problems.push(`index on ${wanted} is missing`);
  for (const found of actualIndex)
    if (!expectedIndex.has(found)) problems.push(`index on ${found} is not in schema.prisma`);

  const actualForeignKeys = new Map(
    catalog.foreignKeys.map((fk) => [key(fk.table, fk.columns), fk]),
  );
  for (const [where, wanted] of expectedForeignKeys) {
    const actual = actualForeignKeys.get(where);
    if (!actual) problems.push(`foreign key ${where} -> ${wanted.references} is missing`);
    else if (
      actual.references !== wanted.references ||
      actual.referencedColumns.join(",") !== wanted.referencedColumns.join(",") ||
      actual.onDelete !== wanted.onDelete ||
      actual.onUpdate !== wanted.onUpdate
    ) {
      problems.push(
        `foreign key ${where} is ${JSON.stringify(actual)}, expected ${JSON.stringify(wanted)}`,
      );
    }
  }
  for (const where of actualForeignKeys.keys()) {
    if (!expectedForeignKeys.has(where) && modelTables.has(where.split("(")[0]!))
      problems.push(`foreign key ${where} is not in schema.prisma`);
  }
  return problems;
}
