import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { disconnectDb } from "@/lib/db/client";
import { liveChat } from "@/scripts/test/ui-query-fixtures";
import { loadChatView } from "@/lib/chat/chats/chat-view";
import { resolveUiLink } from "./ui-link";

afterAll(async () => {
  await disconnectDb();
});

const REPOSITORY = "https://github.com/vercel/next.js";

/** The code-links reply: its block, its frozen links in drawing order, and a `ui.link` request for one of them. */
async function codeLinks() {
  const chat = await liveChat(["Show the files behind the release"]);
  const reply = chat.replies[0]!;
  const [blockId] = Object.keys(reply.blocks);
  const frozen = reply.links[blockId!] ?? {};
  const target = {
    chatId: chat.chatId,
    visitorId: chat.visitorId,
    itemId: reply.id,
    blockId: blockId!,
    revision: reply.revision,
  };
  const picked = Object.keys(frozen)[0]!;
  return {
    ...target,
    reply,
    frozen,
    picked,
    link: (values: Record<string, unknown>, nodeId = picked) =>
      resolveUiLink({ ...target, nodeId, values }),
  };
}

describe("host links", () => {
  it("freezes a final reply's links with its blocks, and the chat draws them again from there", async () => {
    const { chatId, visitorId, reply, blockId, frozen } = await codeLinks();
    expect(Object.values(frozen).map(({ type, href }) => [type, href])).toEqual([
      ["File", `${REPOSITORY}/blob/HEAD/packages/next/package.json#L3`],
      ["File", `${REPOSITORY}/blob/HEAD/package.json#L2`],
      ["Diff", `${REPOSITORY}/commits/HEAD/packages/next/package.json`],
      ["Commit", `${REPOSITORY}/commit/a1b2c3d4e5f6`],
      ["Node", null],
    ]);
    expect(Object.values(frozen)[4]?.reason).toMatch(/node/);
    const again = (await loadChatView({ chatId, visitorId })).items.find(
      (item) => item.id === reply.id,
    );
    expect(again?.links[blockId]).toEqual(frozen);
  });

  it("resolves a visible link again for values the block's controls offer", async () => {
    const { link } = await codeLinks();
    await expect(link({ $package: "create-next-app" })).resolves.toEqual({
      href: `${REPOSITORY}/blob/HEAD/packages/create-next-app/package.json#L3`,
    });
    await expect(link({})).resolves.toEqual({
      href: `${REPOSITORY}/blob/HEAD/packages/next/package.json#L3`,
    });
  });

  it("answers an unresolvable link with its reason", async () => {
    const { link, frozen } = await codeLinks();
    const node = Object.keys(frozen)[4]!;
    await expect(link({}, node)).resolves.toEqual({
      href: null,
      reason: expect.stringMatching(/node/),
    });
  });

  it("refuses forged values with the library's code, a stranger, and a link the block does not draw", async () => {
    const { link, chatId, itemId, blockId, picked } = await codeLinks();
    await expect(link({ $package: "../../evil" })).rejects.toMatchObject({ code: "invalid_value" });
    await expect(link({ $repository: "https://evil.example" })).rejects.toMatchObject({
      code: "refused_binding",
    });
    await expect(
      resolveUiLink({
        chatId,
        visitorId: randomUUID(),
        itemId,
        blockId,
        revision: 1,
        nodeId: picked,
        values: {},
      }),
    ).rejects.toMatchObject({ code: "chat-not-found" });
    await expect(link({}, "nothing")).rejects.toMatchObject({ code: "link-not-found" });
  });

  it("refuses a revision the block is not at as stale", async () => {
    const { chatId, visitorId, itemId, blockId, picked } = await codeLinks();
    await expect(
      resolveUiLink({
        chatId,
        visitorId,
        itemId,
        blockId,
        revision: 2,
        nodeId: picked,
        values: {},
      }),
    ).rejects.toMatchObject({ code: "block-stale" });
  });
});
