import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

const APP_API = join(__dirname, "..", "..", "app", "api");

/** Each route file under app/api (but the catch-all for unknown paths) with the methods it exports, as `/api/chats/[chatId]`. */
export function routeFiles(dir = APP_API): Array<[string, string[]]> {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry): Array<[string, string[]]> => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith("[[...") ? [] : routeFiles(path);
    if (entry.name !== "route.ts") return [];
    const route = `/api/${relative(APP_API, dir).split(sep).join("/")}`.replace(/\/$/, "");
    const methods = [
      ...readFileSync(path, "utf8").matchAll(
        /^export (?:const|async function|function) (GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\b/gm,
      ),
    ].map((match) => match[1]!);
    return [[route, methods.sort()]];
  });
}
