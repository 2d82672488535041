import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/openapi.json/route";
import { openApiDocument, operations } from "@/app/api/routes";
import { PROTOCOL_VERSION } from "./protocol";

const document = openApiDocument();

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.2 document of the protocol's version", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.2");
    expect(document.info.version).toBe(PROTOCOL_VERSION);
  });

  it("answers every refusal with the status lib/http/errors.ts gives its code", () => {
    const refusal = document.paths["/api/chats/{chatId}/messages"]!.post as {
      responses: Record<
        string,
        {
          content: {
            "application/json": {
              schema: { allOf: [unknown, { properties: { code: { enum: string[] } } }] };
            };
          };
        }
      >;
    };
    expect(
      refusal.responses["429"]!.content["application/json"].schema.allOf[1].properties.code.enum,
    ).toEqual(["rate-limited", "queue-full"]);
    expect(
      refusal.responses["403"]!.content["application/json"].schema.allOf[1].properties.code.enum,
    ).toEqual(["forbidden-origin"]);
  });

  it("names the visitor cookie, the credentials and the required Origin of each operation", () => {
    const schemes = (
      document as unknown as { components: { securitySchemes: Record<string, unknown> } }
    ).components.securitySchemes;
    expect(schemes.visitorCookie).toMatchObject({ type: "apiKey", in: "cookie" });
    const declared = operations().map(({ method, path, needs }) => {
      const operation = document.paths[path]![method.toLowerCase()] as {
        security: Array<Record<string, string[]>>;
        parameters?: Array<{ $ref?: string }>;
      };
      return {
        path,
        security: operation.security.flatMap(Object.keys),
        origin: (operation.parameters ?? []).some(
          ({ $ref }) => $ref === "#/components/parameters/Origin",
        ),
        changesState: needs.visitor && needs.changesState !== false,
      };
    });
    for (const { path, security, origin, changesState } of declared) {
      expect(security, path).toEqual(
        path.startsWith("/api/chats")
          ? ["visitorCookie"]
          : path === "/api/cron/sweep"
            ? ["cronSecret"]
            : path.startsWith("/api/internal/")
              ? ["turnSignature"]
              : [],
      );
      expect(origin, path).toBe(changesState);
    }
  });

  it("names as its server the origin it is asked from", async () => {
    const response = await GET(new Request("http://api.example.test:8080/api/openapi.json"));
    expect((await response.json()).servers).toEqual([
      { url: "http://api.example.test:8080", description: "This deployment." },
    ]);
  });

  it("checks every API test's answers: each spec under e2e/api takes test and expect from its contract fixture", () => {
    const specs = join(__dirname, "../../e2e/api");
    const unchecked = readdirSync(specs)
      .filter((name) => name.endsWith(".spec.ts"))
      .filter(
        (name) =>
          !/import \{[^}]*\btest\b[^}]*\} from "\.\/contract"/.test(
            readFileSync(join(specs, name), "utf8"),
          ),
      );
    expect(unchecked).toEqual([]);
  });
});
