import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { parsePrismaSchema, type PrismaSchema } from "./prisma-schema";
import { withSession } from "../db/session";
import { findSchemaDrift, readCatalog } from "./schema-drift";

let schema: PrismaSchema;

beforeAll(async () => {
  schema = parsePrismaSchema(
    await readFile(resolve(process.cwd(), "prisma/schema.prisma"), "utf8"),
  );
});

async function driftOf(url: string) {
  return withSession(url, async (sql) => findSchemaDrift(schema, await readCatalog(sql)));
}

describe("schema drift", () => {
  it("finds nothing between schema.prisma and the migrated database", async () => {
    expect(await driftOf(inject("databaseUrl"))).toEqual([]);
  });
});
