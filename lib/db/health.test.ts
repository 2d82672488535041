import { afterEach, describe, expect, inject, it, vi } from "vitest";
import { disconnectDb } from "./client";
import { pingDatabase } from "./health";

afterEach(async () => {
  await disconnectDb();
  process.env.DATABASE_URL = inject("databaseUrl");
  vi.restoreAllMocks();
});

describe("pingDatabase", () => {
  it("answers true against a reachable database", async () => {
    expect(await pingDatabase()).toBe(true);
  });

  it("answers false, without throwing, when the database is unreachable", async () => {
    await disconnectDb();
    // Port 1 refuses at once: nothing listens there.
    process.env.DATABASE_URL = "postgresql://postgres:password@127.0.0.1:1/answerable";
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await pingDatabase()).toBe(false);
    expect(logged).toHaveBeenCalledOnce();
  });
});
