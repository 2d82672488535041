import { afterEach, describe, expect, it, vi } from "vitest";
import { resetEnv } from "@/lib/env";
import { readDatabaseUrls } from "./urls";

const POOLED = "postgresql://app:secret@pooler.example.com:6543/app";
const DIRECT = "postgresql://app:secret@db.example.com:5432/app";

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnv();
});

describe("the two database URLs", () => {
  it("uses the pooled URL for queries and the unpooled one for LISTEN and migrations", () => {
    expect(readDatabaseUrls({ DATABASE_URL: POOLED, DATABASE_URL_UNPOOLED: DIRECT })).toEqual({
      pooled: POOLED,
      direct: DIRECT,
      directFrom: "DATABASE_URL_UNPOOLED",
    });
  });

  it("lets one URL serve both when only one is set, an empty one counting as unset", () => {
    expect(readDatabaseUrls({ DATABASE_URL: DIRECT })).toEqual({
      pooled: DIRECT,
      direct: DIRECT,
      directFrom: "DATABASE_URL",
    });
    expect(readDatabaseUrls({ DATABASE_URL: DIRECT, DATABASE_URL_UNPOOLED: "" })).toEqual({
      pooled: DIRECT,
      direct: DIRECT,
      directFrom: "DATABASE_URL",
    });
    expect(readDatabaseUrls({ DATABASE_URL_UNPOOLED: DIRECT })).toEqual({
      pooled: DIRECT,
      direct: DIRECT,
      directFrom: "DATABASE_URL_UNPOOLED",
    });
  });

  it("says in one sentence which variable is missing or wrong", () => {
    expect(() => readDatabaseUrls({})).toThrow(/^DATABASE_URL is not set: [^\n]+\.$/);
    expect(() =>
      readDatabaseUrls({ DATABASE_URL: POOLED, DATABASE_URL_UNPOOLED: "mysql://db/app" }),
    ).toThrow(/^DATABASE_URL_UNPOOLED must be a postgres:\/\/ URL\.$/);
  });

  it("reads this process's environment when given none", () => {
    vi.stubEnv("DATABASE_URL", POOLED);
    vi.stubEnv("DATABASE_URL_UNPOOLED", DIRECT);
    resetEnv();
    expect(readDatabaseUrls()).toEqual({
      pooled: POOLED,
      direct: DIRECT,
      directFrom: "DATABASE_URL_UNPOOLED",
    });
  });
});
