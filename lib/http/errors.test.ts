import { describe, expect, it } from "vitest";
import { AppError, toErrorResponse } from "./errors";

describe("toErrorResponse", () => {
  it("answers a refusal with its status, code and Retry-After when it has one", async () => {
    const response = toErrorResponse(new AppError("queue-full", "Wait.", undefined, { retryAfterSeconds: 10 }));
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("10");
    expect(await response.json()).toEqual({ code: "queue-full", message: "Wait." });
  });

  it("answers an exhausted connection pool 503 database-busy with Retry-After, not 500", async () => {
    const response = toErrorResponse(Object.assign(new Error("Transaction API error: Unable to start a transaction in the given time."), { code: "P2028" }));
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("1");
    expect(await response.json()).toMatchObject({ code: "database-busy" });
  });

  it("answers anything else 500 without internals", async () => {
    const response = toErrorResponse(new Error('relation "Secret" does not exist'));
    expect(response.status).toBe(500);
    expect(JSON.stringify(await response.json())).not.toContain("Secret");
  });
});
