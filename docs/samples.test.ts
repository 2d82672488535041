import { describe, expect, it } from "vitest";
import {
  curlSamples,
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
