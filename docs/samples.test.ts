import { describe, expect, it } from "vitest";
import {
  curlSamples,
  differences,
  fenceProblem,
  fencesOf,
  readDocument,
  SAMPLE_DOCUMENTS,
} from "@/scripts/test/doc-samples";

// A sample that is not a file the typecheck and the linter read would drift from the code unseen.
describe.each(SAMPLE_DOCUMENTS)("%s", (document) => {
  const markdown = readDocument(document);

  it("holds only included samples equal to their files, shell samples, and curl samples with their responses", () => {
    const fences = fencesOf(markdown);
    expect(fences.length).toBeGreaterThan(0);
    const problems = fences.flatMap((fence, index) => {
      const problem = fenceProblem(fences, index);
      return problem ? [`${document}:${fence.line}: a \`\`\`${fence.lang} block ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it("shows a status and a JSON body (or none) for every curl sample", () => {
    for (const sample of curlSamples(markdown))
      expect(Number.isInteger(sample.status), `${document}:${sample.line}`).toBe(true);
  });
});

describe("a response the documents show", () => {
  it("takes $NAME values, matches … to anything present, and names every field that differs", () => {
    const variables: Record<string, string> = {};
    expect(
      differences({ chatId: "c1", status: "sent" }, { chatId: "$CHAT", status: "…" }, variables),
    ).toEqual([]);
    expect(variables).toEqual({ CHAT: "c1" });
    expect(
      differences(
        { items: [{ id: "c1:ui:0" }], extra: 1 },
        { items: [{ id: "$CHAT:ui:0" }] },
        variables,
      ),
    ).toEqual([]);
    expect(
      differences(
        { code: "stale-ui-block" },
        { code: "ui-already-answered", message: "…" },
        variables,
      ),
    ).toEqual([
      'body.code is "stale-ui-block", not "ui-already-answered"',
      "body.message is missing",
    ]);
    expect(differences({ chatId: "c2" }, { chatId: "$CHAT" }, variables)).toEqual([
      'body.chatId is "c2", not $CHAT (c1)',
    ]);
  });
});
