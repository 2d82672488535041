// Test support: the whole text of a tagged `$queryRaw` statement, with the SQL nested in it.
import { Prisma } from "@/lib/db/generated/client";

export function statementText(template: TemplateStringsArray, values: readonly unknown[]): string {
  return [
    ...template,
    ...values.map((value) => (value instanceof Prisma.Sql ? value.sql : "")),
  ].join("");
}
