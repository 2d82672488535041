import { describe, expect, it } from "vitest";
import { errorSentence } from "@/lib/http/error-catalog";
import type { ItemView } from "@/lib/chat/wire";
import { buildItemView } from "@/scripts/test/wire-fixtures";
import { editReasons } from "./edit-reasons";

const item = (id: string, role: ItemView["role"], extra: Partial<ItemView> = {}) =>
  buildItemView({ id, position: 0, role, ...extra });

const answer = {
  itemId: "r1",
  blockId: "b",
  revision: 1,
  choiceId: "c",
  label: "L",
  values: {},
  readings: {},
  sourceAt: "",
  older: false,
  at: "",
  queued: false,
  turnId: null,
};

describe("editReasons", () => {
  it("offers Edit on typed messages only, closed before any answered part, and on every message while a reply runs", () => {
    const items = [
      item("m1", "user"),
      item("r1", "assistant", {
        versions: [
          {
            version: 1,
            revision: 1,
            status: "complete",
            parts: [],
            blocks: {},
            links: {},
            uiAnswers: { b: answer },
            readings: {},
            completedAt: null,
          },
        ],
      }),
      item("m2", "user"),
      item("r2", "assistant"),
    ];
    const idle = editReasons({ items, running: false, queued: [] });
    expect([...idle]).toEqual([
      ["m2", null],
      ["m1", errorSentence("edit-after-answer")],
    ]);
    const busy = editReasons({ items, running: true, queued: [] });
    expect(busy.get("m2")).toBe(errorSentence("edit-while-replying"));
    const picked = editReasons({
      items: [
        item("m1", "user"),
        item("r1", "assistant"),
        item("p", "user", {
          origin: {
            kind: "frame",
            itemId: "r1",
            instanceId: "i",
            choiceId: "c",
            label: "L",
            granted: false,
          },
        }),
      ],
      running: false,
      queued: [],
    });
    expect([...picked]).toEqual([["m1", errorSentence("edit-after-answer")]]);
  });
});
