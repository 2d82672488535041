import { describe, expect, it } from "vitest";
import { assertCronRequest } from "./cron";

const SECRET = "a-cron-secret-of-some-length";
const withAuthorization = (value?: string) =>
  new Request("http://localhost/api/cron/sweep", {
    headers: value === undefined ? {} : { authorization: value },
  });

describe("the scheduled sweep's guard", () => {
  it("admits exactly the bearer of the configured secret", () => {
    expect(() => assertCronRequest(withAuthorization(`Bearer ${SECRET}`), SECRET)).not.toThrow();
    for (const value of [
      undefined,
      "",
      SECRET,
      `Bearer ${SECRET}x`,
      `bearer ${SECRET}`,
      `Bearer ${SECRET.slice(0, -1)}`,
      "Basic abc",
    ]) {
      expect(() => assertCronRequest(withAuthorization(value), SECRET), String(value)).toThrow(
        expect.objectContaining({ code: "unauthorized", status: 401 }),
      );
    }
  });

  it("admits nobody when no secret is configured", () => {
    for (const value of [undefined, "Bearer ", "Bearer undefined"]) {
      expect(() => assertCronRequest(withAuthorization(value), undefined)).toThrow(
        expect.objectContaining({ code: "unauthorized" }),
      );
    }
  });
});
