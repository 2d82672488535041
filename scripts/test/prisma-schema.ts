// A small reader for the subset of schema.prisma this project uses, so the drift test can compare
// the schema with a migrated database. Prisma's own parser (@prisma/internals) is not a dependency
// and the generated client keeps no nullability, uniqueness or enum values at runtime. Anything
// it does not understand throws rather than being skipped.

export type PrismaField = {
  name: string;
  column: string;
  type: string;
  optional: boolean;
  list: boolean;
  attributes: string;
  nativeType?: string;
  relation?: { fields: string[]; references: string[]; onDelete?: string; onUpdate?: string };
};

export type PrismaModel = {
  name: string;
  table: string;
  fields: PrismaField[];
  id?: string[];
  uniques: string[][];
  indexes: string[][];
};

export type PrismaSchema = { models: PrismaModel[]; enums: Map<string, string[]> };

function stripComments(source: string): string {
  return source
    .split("\n")
    .map((line) => {
      let inString = false;
      for (let i = 0; i < line.length; i++) {
        if (line[i] === '"' && line[i - 1] !== "\\") inString = !inString;
        if (!inString && line[i] === "/" && line[i + 1] === "/") return line.slice(0, i);
      }
      return line;
    })
    .join("\n");
}

function mapName(attributes: string): string | undefined {
  return /@map\(\s*(?:name:\s*)?"([^"]+)"/.exec(attributes)?.[1];
}

function fieldList(text: string): string[] {
  return text
    .split(",")
    .map((part) => part.trim().replace(/\(.*\)$/, ""))
    .filter(Boolean);
}

function blockAttributeFields(line: string, attribute: string): string[] {
  const match = new RegExp(`^@@${attribute}\\(\\s*(?:fields:\\s*)?\\[([^\\]]*)\\]`).exec(line);
  if (!match) throw new Error(`cannot read ${line}`);
  return fieldList(match[1]!);
}

export function parsePrismaSchema(source: string): PrismaSchema {
  const text = stripComments(source);
  const blocks = [...text.matchAll(/^\s*(model|enum|type|view)\s+(\w+)\s*\{([^}]*)\}/gm)];
  const enums = new Map<string, string[]>();
  const rawModels: { name: string; body: string }[] = [];
  for (const [, kind, name, body] of blocks) {
    if (kind === "enum") {
      const values = body!
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith("@@"))
        .map((line) => {
          const [value, ...rest] = line.split(/\s+/);
          return mapName(rest.join(" ")) ?? value!;
        });
      enums.set(name!, values);
    } else if (kind === "model") {
      rawModels.push({ name: name!, body: body! });
    } else {
      throw new Error(`schema.prisma: ${kind} blocks are not supported by the drift test`);
    }
  }
  const modelNames = new Set(rawModels.map((model) => model.name));
  const models = rawModels.map(({ name, body }) => parseModel(name, body, modelNames));
  return { models, enums };
}

function parseModel(name: string, body: string, modelNames: Set<string>): PrismaModel {
  const model: PrismaModel = { name, table: name, fields: [], uniques: [], indexes: [] };
  for (const raw of body.split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith("@@")) {
      if (line.startsWith("@@id")) model.id = blockAttributeFields(line, "id");
      else if (line.startsWith("@@unique"))
        model.uniques.push(blockAttributeFields(line, "unique"));
      else if (line.startsWith("@@index")) model.indexes.push(blockAttributeFields(line, "index"));
      else if (line.startsWith("@@map"))
        model.table = mapName(line.replace("@@map", "@map")) ?? name;
      else throw new Error(`${name}: unsupported block attribute ${line}`);
      continue;
    }
    const match = /^(\w+)\s+(\w+)(\[\])?(\?)?\s*(.*)$/.exec(line);
    if (!match) throw new Error(`${name}: cannot read field line "${line}"`);
    const [, fieldName, type, list, optional, attributes] = match;
    const field: PrismaField = {
      name: fieldName!,
      column: mapName(attributes!) ?? fieldName!,
      type: type!,
      optional: Boolean(optional),
      list: Boolean(list),
      attributes: attributes!,
      nativeType: /@db\.(\w+)/.exec(attributes!)?.[1],
    };
    if (modelNames.has(type!)) {
      const relation = /@relation\(([^)]*)\)/.exec(attributes!)?.[1];
      const fields = relation && /fields:\s*\[([^\]]*)\]/.exec(relation)?.[1];
      if (relation && fields) {
        field.relation = {
          fields: fieldList(fields),
          references: fieldList(/references:\s*\[([^\]]*)\]/.exec(relation)?.[1] ?? ""),
          onDelete: /onDelete:\s*(\w+)/.exec(relation)?.[1],
          onUpdate: /onUpdate:\s*(\w+)/.exec(relation)?.[1],
        };
      }
    } else {
      if (/@id\b/.test(attributes!)) model.id = [fieldName!];
      if (/@unique\b/.test(attributes!)) model.uniques.push([fieldName!]);
    }
    model.fields.push(field);
  }
  return model;
}

/** Scalar and enum fields: the ones stored as columns of the model's own table. */
export function columnFields(model: PrismaModel, schema: PrismaSchema): PrismaField[] {
  const modelNames = new Set(schema.models.map((m) => m.name));
  return model.fields.filter((field) => !modelNames.has(field.type));
}
