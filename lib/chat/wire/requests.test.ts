import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  confirmationBodySchema,
  createChatBodySchema,
  sendMessageBodySchema,
  uiChoiceBodySchema,
  uiLinkBodySchema,
  uiQueryBodySchema,
} from "./requests";

describe("request bodies", () => {
  it("refuse text Postgres cannot store in every field that carries text", () => {
    for (const text of ["a\u0000b", "\ud800", "x\udc00y", "\udc00\ud800", "end\ud83d"]) {
      const bodies = [
        createChatBodySchema.safeParse({ message: text }),
        sendMessageBodySchema.safeParse({ text }),
        confirmationBodySchema.safeParse({ decision: "reject", reason: text }),
      ];
      for (const parsed of bodies)
        expect(parsed.error?.issues[0]).toMatchObject({
          code: "custom",
          params: { code: "invalid-text" },
        });
    }
  });

  it("refuse a block revision beyond Postgres' integer range, which its query could not hold", () => {
    const block = { itemId: randomUUID(), blockId: "plan", values: {} };
    const requests = [
      ["ui.choice", uiChoiceBodySchema, { ...block, choiceId: "go" }],
      ["ui.query", uiQueryBodySchema, { ...block, query: "runs" }],
      ["ui.link", uiLinkBodySchema, { ...block, nodeId: "n1" }],
    ] as const;
    for (const [name, schema, body] of requests) {
      expect(schema.safeParse({ ...body, revision: 2_147_483_647 }).success, name).toBe(true);
      expect(schema.safeParse({ ...body, revision: 2_147_483_648 }).success, name).toBe(false);
    }
  });
});
