import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The chat log's rule (decision 018), checked on the source: only lib/chat/store writes a chat's
// tables, and there every write that is sent rides on the append or marks the lock as awaiting one.

const ROOT = join(__dirname, "../../..");
const STORE = "lib/chat/store";
const TABLES = [
  "Chat",
  "ChatEvent",
  "Item",
  "Turn",
  "QueuedMessage",
  "UiAnswer",
  "FrameSelection",
  "ActionConfirmation",
  "DeterministicGrant",
  "McpAppAnswer",
  "McpAppContext",
];
const MODELS = TABLES.map((table) => table[0]!.toLowerCase() + table.slice(1));
const RAW_WRITE = new RegExp(
  `\\b(INSERT\\s+INTO|UPDATE|DELETE\\s+FROM)\\s+"(${TABLES.join("|")})"`,
);
const CLIENT_WRITE = new RegExp(
  `\\.(${MODELS.join("|")})\\s*\\.\\s*(create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|upsert|delete|deleteMany)\\s*\\(`,
);
const SENDS = /\$(queryRaw|executeRaw)(Unsafe)?\b/;

// Writes that announce nothing, each for its reason: the log itself, a lease, a Stop request or an
// MCP App view's model context shown nowhere, a new chat whose log is empty, a deleted chat whose
// log goes with it.
const UNANNOUNCED = new Set([
  "log.ts:appendStatement",
  "turns.ts:renewTurnLease",
  "turns.ts:requestTurnStop",
  "turns.ts:extendLease",
  "mcp-apps.ts:storeModelContext",
  "chats.ts:insertChat",
  "chats.ts:deleteChatRows",
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return ["node_modules", "generated", ".next"].includes(entry.name) ? [] : sourceFiles(path);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name)
      ? [path]
      : [];
  });
}

/** Production files outside the store that write a chat's tables, by raw SQL or the Prisma client. */
// Test data written straight into the tables, as the e2e tests write theirs: seeds written in bulk
// before anything reads them, and the state a process leaves when it dies mid-reply.
const SEEDS = new Set([
  "scripts/test/search-seed.ts",
  "scripts/test/history-seed.ts",
  "scripts/test/stranded-chat.ts",
]);

function strayWriters(files: string[]): string[] {
  return files
    .filter((file) => !file.startsWith(STORE + "/") && !SEEDS.has(file))
    .filter((file) => {
      const text = readFileSync(join(ROOT, file), "utf8");
      return RAW_WRITE.test(text) || CLIENT_WRITE.test(text);
    });
}

type Fn = { name: string; text: string; takesLock: boolean };

function functionsOf(file: string, text: string): Fn[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Fn[] = [];
  const visit = (node: ts.Node) => {
    let name: string | undefined;
    let fn: ts.SignatureDeclaration | undefined;
    if (ts.isFunctionDeclaration(node) && node.name) [name, fn] = [node.name.text, node];
    else if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
    ) {
      [name, fn] = [node.name.text, node.initializer];
    }
    if (name && fn) {
      const takesLock = fn.parameters.some(
        (parameter) => parameter.type?.getText(source) === "ChatLock",
      );
      found.push({ name, text: fn.getText(source), takesLock });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Store functions that send a write to a chat's tables neither through the append nor marking the lock as awaiting one. */
function unannouncedWrites(files: Record<string, string>): string[] {
  const problems: string[] = [];
  const all = Object.entries(files).flatMap(([file, text]) =>
    functionsOf(file, text).map((fn) => ({ ...fn, file })),
  );
  // Statements built but not sent here (`wN AS (…)` of the append): sent only by log.ts or a step owing an append.
  const builders = all
    .filter((fn) => RAW_WRITE.test(fn.text) && !SENDS.test(fn.text))
    .map((fn) => fn.name);
  for (const [file, text] of Object.entries(files)) {
    for (const fn of functionsOf(file, text)) {
      const key = `${file}:${fn.name}`;
      const usesBuilder =
        file !== "log.ts" &&
        builders.some((name) => name !== fn.name && new RegExp(`\\b${name}\\(`).test(fn.text));
      const sends = (SENDS.test(fn.text) && RAW_WRITE.test(fn.text)) || usesBuilder;
      if (!(sends || CLIENT_WRITE.test(fn.text)) || UNANNOUNCED.has(key)) continue;
      if (!fn.takesLock) problems.push(`${key} writes without the chat lock or the append`);
      else if (!/\.awaitingAppend = true/.test(fn.text))
        problems.push(`${key} writes under the lock but does not mark it awaiting an append`);
    }
    // The log itself is appended to in one place.
    for (const fn of functionsOf(file, text)) {
      if (
        /INSERT\s+INTO\s+"ChatEvent"|"lastEventSeq"\s*=\s*"lastEventSeq"/.test(fn.text) &&
        `${file}:${fn.name}` !== "log.ts:appendStatement"
      ) {
        problems.push(`${file}:${fn.name} appends to the log outside appendStatement`);
      }
    }
  }
  return problems;
}

// Every flow that writes guarded on an unchanged log (`writeIfLogUnchanged`, `writeClaim`, or `writeChat` on
// a `guardedLock`), the store lookup its read is, and the function holding that lookup's SQL. What the lookup reads must be rows every writer
// of which moves the log, or a change between the read and the write would pass the guard unseen.
const GUARDED: Record<string, { lookup: string; sql: [file: string, fn: string] }> = {
  "lib/chat/chats/send-message.ts": { lookup: "readChat", sql: ["chats.ts", "chatRow"] },
  "lib/chat/turns/claim.ts": { lookup: "readWaitingTurn", sql: ["turns.ts", "readWaitingTurn"] },
  "lib/chat/store/chats.ts": {
    lookup: "answerableFrameRows",
    sql: ["chats.ts", "answerableFrameRows"],
  },
};

function tablesRead(text: string): string[] {
  return [...text.matchAll(/\b(?:FROM|JOIN)\s+"(\w+)"/g)].map((match) => match[1]!);
}

function storeFiles(): Record<string, string> {
  return Object.fromEntries(
    sourceFiles(STORE).map((file) => [
      relative(STORE, file),
      readFileSync(join(ROOT, file), "utf8"),
    ]),
  );
}

describe("the chat log's rule", () => {
  it("lets no production code outside lib/chat/store write a chat's tables", () => {
    expect(
      strayWriters(["lib", "app", "components", "scripts", "tools"].flatMap(sourceFiles)),
    ).toEqual([]);
  });

  it("sends every store write to a chat's tables through the append, or under the lock marked as awaiting one", () => {
    expect(unannouncedWrites(storeFiles())).toEqual([]);
  });

  it("lets a guarded write rest only on lookups of tables whose every write moves the log", () => {
    // A new guarded write outside this list fails here until its lookup is listed and checked.
    const callers = sourceFiles("lib").filter(
      (file) =>
        file !== `${STORE}/log.ts` &&
        /\b(writeIfLogUnchanged|writeClaim|guardedLock)\(/.test(
          readFileSync(join(ROOT, file), "utf8"),
        ),
    );
    expect(callers.toSorted()).toEqual(Object.keys(GUARDED).toSorted());
    const files = storeFiles();
    for (const [
      caller,
      {
        lookup: reader,
        sql: [file, name],
      },
    ] of Object.entries(GUARDED)) {
      expect(readFileSync(join(ROOT, caller), "utf8"), `${caller} reads with ${reader}`).toMatch(
        new RegExp(`\\b${reader}\\(`),
      );
      const lookup = functionsOf(file, files[file]!).find((fn) => fn.name === name);
      expect(lookup, `${file}:${name}`).toBeDefined();
      const read = tablesRead(lookup!.text);
      expect(read.length, `${file}:${name} reads a table`).toBeGreaterThan(0);
      expect(
        read.filter((table) => !TABLES.includes(table)),
        `${file}:${name}`,
      ).toEqual([]);
    }
    // A lookup of a live block's readings or a chat's withdrawn grants could not be guarded.
    expect(
      tablesRead(`SELECT 1 FROM "Item" item JOIN "UiReading" reading ON TRUE`).filter(
        (table) => !TABLES.includes(table),
      ),
    ).toEqual(["UiReading"]);
  });
});
