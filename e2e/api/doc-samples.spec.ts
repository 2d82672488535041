import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./contract";
import {
  curlSamples,
  differences,
  readDocument,
  SAMPLE_DOCUMENTS,
  type CurlSample,
} from "../../scripts/test/doc-samples";

// Every curl sample of the integrator's documents runs here, as written, with the real curl
// against this server: a route whose answer drifts from what a document shows fails its line.

const DOCUMENTED_ORIGIN = "http://localhost:3000";

type Run = { status: number; body: unknown; raw: string };

function runCurl(
  sample: CurlSample,
  baseURL: string,
  cwd: string,
  variables: Record<string, string>,
): Run {
  const command = sample.command.replaceAll(DOCUMENTED_ORIGIN, baseURL);
  const result = spawnSync("bash", ["-c", command], {
    cwd,
    env: { ...process.env, ...variables },
    encoding: "utf8",
    timeout: 20_000,
  });
  const raw = result.stdout ?? "";
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const status = Number(/^HTTP\/[\d.]+ (\d{3})/.exec(head)?.[1]);
  const text = rest.join("\n\n").trim();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  return { status, body, raw: `${raw}${result.stderr ?? ""}` };
}

test.beforeAll(() => {
  // The samples are curl commands: without curl they cannot be checked, and that is a failure.
  expect(() => execFileSync("curl", ["--version"])).not.toThrow();
});

for (const document of SAMPLE_DOCUMENTS) {
  test(`the curl samples of ${document} answer what the document shows`, async ({ baseURL }) => {
    test.setTimeout(120_000);
    const samples = curlSamples(readDocument(document));
    expect(samples.length).toBeGreaterThan(0);
    const cwd = mkdtempSync(path.join(tmpdir(), "doc-samples-"));
    const variables: Record<string, string> = {};
    for (const sample of samples) {
      const where = `${document}:${sample.line}`;
      const check = () => {
        const run = runCurl(sample, baseURL!, cwd, variables);
        const found = { ...variables };
        const problems =
          run.status === sample.status
            ? differences(run.body, sample.body, found)
            : [`status ${run.status}, not ${sample.status}: ${run.raw.slice(0, 600)}`];
        return { problems, found };
      };
      // A GET reads a reply that may still be streaming: it is read again until it shows what the document shows.
      if (
        /^curl\s(?![\s\S]*\s-X\s)/.test(sample.command) &&
        !/\s(-d|--data)\b/.test(sample.command)
      ) {
        let last: ReturnType<typeof check> = { problems: [], found: variables };
        await expect
          .poll(() => (last = check()).problems, { message: where, timeout: 30_000 })
          .toEqual([]);
        Object.assign(variables, last.found);
      } else {
        const { problems, found } = check();
        expect(problems, where).toEqual([]);
        Object.assign(variables, found);
      }
    }
  });
}
