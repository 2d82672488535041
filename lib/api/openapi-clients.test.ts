import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { Spectral, type RulesetDefinition } from "@stoplight/spectral-core";
import { oas } from "@stoplight/spectral-rulesets";
import openapiTS, { astToString } from "openapi-typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "@/app/api/routes";

// The document as tools nobody here wrote read it: two linters' recommended rules, and a client's
// types generated from it, typechecked strictly.

const run = promisify(execFile);
const root = join(__dirname, "../..");
const document = openApiDocument();
let folder: string;
let file: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "answerable-openapi-"));
  file = join(folder, "openapi.json");
  await writeFile(file, JSON.stringify(document));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** Each warning kept, and why. */
const KEPT_WARNINGS = {
  // The repository declares no license yet; the document does not invent one.
  "info-license": 1,
  // /api/health answers 200 or 503 whatever the request: nothing about it is refused.
  "operation-4xx-response": 1,
  // The props of a ChoiceList and the AI SDK transport's data parts are named for clients to use;
  // no operation answers them as such.
  "no-unused-components": 6,
};

describe("the OpenAPI document, as other tools read it", () => {
  it("lints with no error under Redocly's recommended rules", async () => {
    const { stdout } = await run(
      process.execPath,
      [
        join(root, "node_modules/@redocly/cli/bin/cli.js"),
        "lint",
        "--extends=recommended",
        "--format=json",
        file,
      ],
      {
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      },
    ).catch((failure: { stdout: string }) => failure);
    const { problems } = JSON.parse(stdout) as {
      problems: Array<{ ruleId: string; severity: "error" | "warn"; message: string }>;
    };
    expect(problems.filter(({ severity }) => severity === "error")).toEqual([]);
    expect(countBy(problems.map(({ ruleId }) => ruleId))).toEqual(KEPT_WARNINGS);
  });

  it("lints with no error under Spectral's spectral:oas", async () => {
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as RulesetDefinition, "recommended"]] });
    const results = await spectral.run(JSON.stringify(document));
    expect(results.filter(({ severity }) => severity === 0)).toEqual([]);
    expect(countBy(results.map(({ code }) => String(code)))).toEqual({
      // Most operations say all they do in their summary.
      "operation-description": 24,
      "oas3-unused-component": KEPT_WARNINGS["no-unused-components"],
    });
  });

  it("generates openapi-typescript types that typecheck strictly and type props and values as JSON", async () => {
    const types = astToString(await openapiTS(structuredClone(document) as never));
    await writeFile(join(folder, "api.ts"), types);
    await writeFile(join(folder, "client.ts"), CLIENT);
    const tsc = join(root, "node_modules/typescript/bin/tsc");
    const { stdout } = await run(
      process.execPath,
      [tsc, "--noEmit", "--strict", "--target", "es2022", "--module", "nodenext", "client.ts"],
      { cwd: folder },
    ).catch((failure: { stdout: string }) => failure);
    expect(stdout).toBe("");
  });
});

// Each `@ts-expect-error` fails the typecheck when the line it guards compiles, as it would
// against `any`, `unknown` or `{}`.
const CLIENT = `import type { components } from "./api.js";

type Schemas = components["schemas"];
type IsAny<T> = 0 extends 1 & T ? true : false;

export const notAny: [false, false, false] = [
  false as IsAny<Schemas["JsonValue"]>,
  false as IsAny<Schemas["ChoiceListProps"]>,
  false as IsAny<Schemas["AnswerUiChoiceBody"]["values"]>,
];

export const props: Schemas["ChoiceListProps"] = {
  prompt: "Which plan?",
  choices: [{ id: "basic", label: "Basic", action: { name: "pick", input: { tier: 1 } } }],
};
// @ts-expect-error a prompt is text
export const numberPrompt: Schemas["ChoiceListProps"] = { prompt: 1, choices: [] };
// @ts-expect-error a choice has a label
export const unlabelled: Schemas["ChoiceListProps"] = { prompt: "?", choices: [{ id: "a" }] };

export const values: Schemas["AnswerUiChoiceBody"]["values"] = { size: 3, tags: ["a"], on: { x: null } };
// @ts-expect-error values are JSON, and a function is not
export const functionValue: Schemas["AnswerUiChoiceBody"]["values"] = { run: () => 1 };
// @ts-expect-error values are an object of values, not a list
export const listValues: Schemas["AnswerUiChoiceBody"]["values"] = [1, 2];

const part = {} as Schemas["Part"];
if (part.kind === "component") {
  // @ts-expect-error a frame's props are JSON, and undefined is not
  part.props = undefined;
}

const event = {} as Schemas["ChatEvent"];
export const eventType: string = event.type;
// @ts-expect-error an event's type is one of the log's, not any text
export const madeUp: Schemas["ChatEvent"]["type"] = "made.up";

export const frame: Schemas["ChoiceListData"]["frame"]["componentKey"] = "choice-list";
`;

function countBy(keys: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const key of keys) counts[key] = (counts[key] ?? 0) + 1;
  return counts;
}
