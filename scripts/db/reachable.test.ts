import { chmod, mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { firstBlockedDirectory } from "./reachable";

// Another account than the files' owner: it enters a directory only through the "others" bits.
const STRANGER = { uid: 54_321, gid: 54_321 };
let root: string;

afterEach(async () => {
  await chmod(root, 0o700);
  await rm(root, { recursive: true, force: true });
});

describe("whether the postgres user can reach a clone", () => {
  it("finds the private directory a clone sits in, and nothing in a traversable one", async () => {
    root = await mkdtemp(join(tmpdir(), "answerable-reach-"));
    const clone = join(root, "home", "answerable");
    await mkdir(join(clone, "node_modules"), { recursive: true });
    await chmod(root, 0o755);
    await chmod(join(root, "home"), 0o700);
    expect(firstBlockedDirectory(join(clone, "node_modules"), STRANGER)).toEqual({
      dir: join(root, "home"),
      mode: "700",
    });
    // A data folder that does not exist yet is judged by the directories above it.
    expect(firstBlockedDirectory(join(clone, ".data", "postgres"), STRANGER)?.dir).toBe(
      join(root, "home"),
    );
    await chmod(join(root, "home"), 0o711);
    expect(firstBlockedDirectory(join(clone, ".data", "postgres"), STRANGER)).toBeUndefined();
  });
});
