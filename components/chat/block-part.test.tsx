// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatEvent, ItemView } from "@/lib/chat/wire";
import { compileUi } from "@/lib/intelligent-ui";
import { QUERY_SCHEMAS } from "@/lib/live-sources/query-args";
import { buildChatView, buildItemView } from "@/scripts/test/wire-fixtures";
import { FakeEventSource } from "@/scripts/test/fake-event-source";
import { ChatRoom } from "./chat-room";

const OPENING = "```ui\n$checks = []\n<Summary>Release</Summary>\n";
const CHECKS =
  '<Checklist value={$checks}>\n  <Item value="docs">Docs updated</Item>\n</Checklist>\n';
const BLOCK_ID = "reply:ui:0";

const streamingReply = (fence: string): ItemView =>
  buildItemView({
    id: "reply",
    position: 1,
    role: "assistant",
    status: "streaming",
    revision: 0,
    completedAt: null,
    parts: [{ kind: "block", blockId: BLOCK_ID, fence }],
  });

let root: Root;
let container: HTMLElement;

function stream(seq: number, event: ChatEvent) {
  act(() =>
    FakeEventSource.latest().onmessage!({ lastEventId: String(seq), data: JSON.stringify(event) }),
  );
}

const region = () => container.querySelector(`section[data-block-id="${BLOCK_ID}"]`);

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  FakeEventSource.opened = [];
  vi.stubGlobal("EventSource", FakeEventSource);
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root.render(
      <ChatRoom
        initial={buildChatView([streamingReply(OPENING)], {
          id: "chat-1",
          running: true,
          lastEventSeq: 10,
        })}
        shared={false}
      />,
    ),
  );
  act(() => FakeEventSource.latest().onopen!());
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

describe("a streaming block", () => {
  it("is previewed in the page from its fence as it grows, the same drawing kept, its controls closed", async () => {
    await vi.waitFor(() => expect(region()?.textContent).toContain("Release"));
    const drawing = region();
    stream(11, { type: "item.fence", itemId: "reply", blockId: BLOCK_ID, text: CHECKS });
    const checkbox = container.querySelector<HTMLInputElement>('input[type="checkbox"]');
    expect(checkbox?.closest("label")?.textContent).toContain("Docs updated");
    expect(checkbox?.disabled).toBe(true);
    expect(region()).toBe(drawing);
  });

  it("draws the stored block, not its own preview, once the reply completes, with its controls open", async () => {
    await vi.waitFor(() => expect(region()?.textContent).toContain("Release"));
    // The stored block is the authority: here it says something the fence never did.
    const [block] = compileUi(`${OPENING.replace("Release", "Stored")}${CHECKS}\`\`\`\n`, {
      id: "reply",
      final: true,
      querySchemas: QUERY_SCHEMAS,
    });
    const stored = { ...block!, revision: 1 };
    stream(11, {
      type: "item.completed",
      item: {
        ...streamingReply(""),
        status: "complete",
        revision: 1,
        parts: [{ kind: "block", blockId: BLOCK_ID }],
        blocks: { [BLOCK_ID]: stored },
      },
    });
    expect(region()?.textContent).toContain("Stored");
    expect(container.querySelector<HTMLInputElement>('input[type="checkbox"]')?.disabled).toBe(
      false,
    );
  });
});
