import { describe, expect, it } from "vitest";
import { replyPace, scriptedReply, SCENARIOS } from "./scenarios";

describe("the mock agent's echo", () => {
  it("quotes one plain line inline", () => {
    expect(scriptedReply("hello there").text).toMatch(/^You said: “hello there”\./);
  });

  it("fences a message holding a code fence, so the rest of its reply stays prose", () => {
    const message = "look:\n```js\nconst a = 1;\n```\nand ````four````";
    const text = scriptedReply(message).text;
    expect(text).toContain(`\`\`\`\`\`text\n${message}\n\`\`\`\`\``);
    expect(text.endsWith("Try one of the starter prompts to see interactive replies.")).toBe(true);
  });
});

describe("the mock agent's answers to outcomes", () => {
  it("answers each way a proposed action can end", () => {
    expect(scriptedReply('The person approved “Send to Ada”: send-email ran and returned {"delivered":true,"to":"ada@example.com","messageId":"msg-1"}.').text).toBe(
      "Done: the email went to **ada@example.com** (message `msg-1`). Anything else?",
    );
    expect(scriptedReply("The person approved “Send to Ada”, but send-email failed: The action failed.").text).toMatch(/^“Send to Ada” did not go through: The action failed\. Pick it again/);
    expect(scriptedReply("The person rejected “Send to Ada”: send-email was not run.").text).toMatch(/^Understood: nothing was sent\./);
    expect(scriptedReply("Nobody decided on “Send to Ada” in time: the confirmation expired and send-email was not run.").text).toMatch(/^The proposal expired/);
  });
});

describe("the broken-frame scenario", () => {
  it("carries the three frames it promises: an invalid one, an unregistered one and a valid one", () => {
    const reply = SCENARIOS.find((scenario) => scenario.name === "broken-frame")!.reply("Show a broken component");
    expect(reply.match(/"kind":"component"/g)).toHaveLength(3);
  });
});

describe("pacing", () => {
  it("writes any scenario slowly when asked, not only the story", () => {
    expect(scriptedReply("Where should we go next, slowly?").text).toContain('"instanceId":"destination-choice"');
    expect(replyPace("Where should we go next, slowly?")).toBe(4);
    expect(scriptedReply("Tell me a long story, slowly").text).toMatch(/^## The lighthouse keeper's ledger/);
  });
});
