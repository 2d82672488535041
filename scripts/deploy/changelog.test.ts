import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(__dirname, "../..");
const changelog = readFileSync(join(root, "CHANGELOG.md"), "utf8");
const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  version: string;
};
// Keep a Changelog 1.1.0: these kinds of change, under "Unreleased" or a version and its date.
const KINDS = ["Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"];

describe("CHANGELOG.md", () => {
  it("keeps Keep a Changelog's shape: Unreleased first, then versions newest first, each with an ISO date", () => {
    const releases = [...changelog.matchAll(/^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$/gm)].map(
      (match) => ({ name: match[1]!, date: match[2] }),
    );
    expect(releases[0]).toEqual({ name: "Unreleased", date: undefined });
    const versions = releases.slice(1);
    expect(versions.every((release) => /^\d+\.\d+\.\d+$/.test(release.name) && release.date)).toBe(
      true,
    );
    const dates = versions.map((release) => release.date!);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(versions.map((release) => release.name)).toContain(version);
    for (const release of releases)
      expect(changelog).toMatch(
        new RegExp(`^\\[${release.name.replace(/\./g, "\\.")}\\]: https://`, "m"),
      );
  });

  it("files every entry under one of the six kinds of change", () => {
    const kinds = [...changelog.matchAll(/^### (.+)$/gm)].map((match) => match[1]);
    expect(kinds.length).toBeGreaterThan(0);
    expect(kinds.filter((kind) => !KINDS.includes(kind!))).toEqual([]);
    expect(changelog).not.toMatch(/^#{4,} /m);
  });
});
