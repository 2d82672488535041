import { describe, expect, it } from "vitest";
import { AppError, toErrorResponse } from "./errors";

describe("toErrorResponse", () => {
  it("answers a refusal with its status, code and Retry-After when it has one", async () => {
    const response = toErrorResponse(
      new AppError("queue-full", "Wait.", undefined, { retryAfterSeconds: 10 }),
    );
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("10");
    expect(await response.json()).toEqual({ code: "queue-full", message: "Wait." });
  });

  it("answers an exhausted connection pool 503 database-busy with Retry-After, not 500", async () => {
    const response = toErrorResponse(
      Object.assign(
        new Error("Transaction API error: Unable to start a transaction in the given time."),
        { code: "P2028" },
      ),
    );
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("1");
    expect(await response.json()).toMatchObject({ code: "database-busy" });
  });

  it("answers a database out of reach 503 database-unavailable with Retry-After, however the driver names it", async () => {
    const unreachable = [
      Object.assign(new Error("Can't reach database server"), { code: "P1001" }),
      Object.assign(new Error("Raw query failed"), {
        code: "P2010",
        meta: { driverAdapterError: { cause: { kind: "DatabaseNotReachable" } } },
      }),
      Object.assign(new Error("Raw query failed"), {
        code: "P2010",
        meta: { driverAdapterError: { cause: { kind: "postgres", code: "57P01" } } },
      }),
    ];
    for (const error of unreachable) {
      const response = toErrorResponse(error);
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      expect(await response.json()).toMatchObject({ code: "database-unavailable" });
    }
  });

  it("answers anything else 500 without internals", async () => {
    const response = toErrorResponse(new Error('relation "Secret" does not exist'));
    expect(response.status).toBe(500);
    expect(JSON.stringify(await response.json())).not.toContain("Secret");
  });
});
