import { randomUUID } from "node:crypto";
import { APICallError } from "ai";
import { afterAll, describe, expect, it, vi } from "vitest";
import { checkedAgent, type Agent } from "@/lib/agent";
import { SENTENCES } from "@/lib/agent/model/failure";
import { frameTools } from "@/lib/agent/model/frame-tools";
import { createModelAgent } from "@/lib/agent/model/model-agent";
import { resolveAgent } from "@/lib/agent/status";
import { buildInstructions } from "@/lib/agent/model/prompt";
import { scriptedModel, type ModelStep } from "@/scripts/test/scripted-model";
import { db, disconnectDb } from "@/lib/db/client";
import { UiState, uiInputValues, type UiNode } from "@/lib/intelligent-ui";
import { appTools } from "@/lib/tools";
import { sendEmailTool } from "@/lib/tools/send-email";
import { pickUiChoice } from "../answers/ui-choice";
import { loadChatView } from "../chats/chat-view";
import { createChat } from "../chats/manage";
import { sendMessage } from "../chats/send-message";
import { appComponents } from "@/lib/agent/components";
import { pickFrameChoice } from "../answers/selections";
import { runChat } from "./run";
import { requestStop } from "./stop";

// Real turns with the model agent: the AI SDK's mock model streams scripted chunks, and the reply
// goes through the same runner, writer, event log, previews and frame resolution as the mock's.

afterAll(async () => {
  await disconnectDb();
});

const frames = frameTools(appComponents, appTools);
const instructions = buildInstructions({ sources: [], frames, tools: appTools });
const agentOf = (model: ReturnType<typeof scriptedModel>) =>
  createModelAgent({ model, instructions, frames, maxRetries: 0 });
const steps = (text: string): ModelStep[] => text.match(/[\s\S]{1,5}/g) ?? [];

const BLOCK = `\`\`\`ui
$ready = false
<Summary tone="info">Release readiness</Summary>
<Switch value={$ready}>Tests pass</Switch>
<Choices>
  <Choice context={"Ready: " + $ready}>Report</Choice>
</Choices>
\`\`\``;
const DESTINATIONS = {
  prompt: "Where next?",
  choices: [
    { id: "docs", label: "Documentation" },
    { id: "demo", label: "Demo" },
  ],
};

async function chatWith(model: ReturnType<typeof scriptedModel>, message = "Plan the release") {
  const visitorId = randomUUID();
  const { chatId } = await createChat({ visitorId, message });
  await runChat(chatId, agentOf(model));
  const view = async () => loadChatView({ visitorId, chatId });
  return { visitorId, chatId, view, reply: (await view()).items[1]! };
}

/** A promise and the function that settles it, for a test to say when a script goes on. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** The agent, and a promise that settles once the runner has taken its first chunk and asks for the next. */
function watched(agent: Agent) {
  const taken = gate();
  return {
    taken: taken.opened,
    agent: {
      async *reply(request) {
        for await (const chunk of agent.reply(request)) {
          yield chunk;
          taken.open();
        }
      },
    } satisfies Agent,
  };
}

/** Items as `role:status`, and the text of each reply. */
async function itemsOf(visitorId: string, chatId: string) {
  const chat = await loadChatView({ visitorId, chatId });
  const text = (index: number) =>
    chat.items[index]!.parts.map((part) => ("text" in part ? part.text : "")).join("");
  return {
    statuses: chat.items.map((item) => `${item.role}:${item.status}`),
    text,
    running: chat.running,
  };
}

// Long enough to be written as a record at once: the envelope holds back shorter prose.
const FIRST = "Checking the release checklist, step by step.";
const SECOND = " Then the deploy status, one region at a time.";

function choiceNode(nodes: readonly UiNode[]): UiNode | undefined {
  for (const node of nodes) {
    const found = node.type === "Choice" ? node : choiceNode(node.children);
    if (found) return found;
  }
  return undefined;
}

describe("turns answered by a model", () => {
  it("draws a model's block and ChoiceList and answers them like the mock's; the next request reads fallbacks, never fences", async () => {
    const model = scriptedModel(
      [
        ...steps(`Here is where we stand.\n\n${BLOCK}\n\nOr read on:`),
        { tool: "choice_list", input: DESTINATIONS },
      ],
      ["Noted."],
    );
    const { visitorId, chatId, view, reply } = await chatWith(model);
    expect(reply).toMatchObject({ status: "complete", revision: 1 });
    expect(reply.parts.map((part) => part.kind)).toEqual(["text", "block", "text", "component"]);
    expect(reply.parts[3]).toMatchObject({
      kind: "component",
      instanceId: "choice-list-1",
      props: DESTINATIONS,
    });
    const block = Object.values(reply.blocks)[0]!;
    expect(block).toMatchObject({ complete: true, revision: 1, diagnostics: [] });
    const logged = await db().chatEvent.findMany({
      where: { chatId },
      orderBy: { seq: "asc" },
      select: { type: true },
    });
    expect(logged.map((event) => event.type)).toEqual(
      expect.arrayContaining(["item.created", "item.completed", "turn.ended"]),
    );

    const values = { ...uiInputValues(block, new UiState(block)), $ready: true };
    const answer = await pickUiChoice({
      chatId,
      visitorId,
      itemId: reply.id,
      blockId: block.id,
      revision: 1,
      choiceId: choiceNode(block.nodes)!.id,
      values,
    });
    expect(answer).toMatchObject({ status: "sent", answer: { label: "Report" } });
    await runChat(chatId, agentOf(model));
    const picked = await pickFrameChoice({
      visitorId,
      chatId,
      itemId: reply.id,
      instanceId: "choice-list-1",
      choiceId: "docs",
    });
    expect(picked.status).toBe("sent");
    await runChat(chatId, agentOf(model));

    const [, second, third] = model.doStreamCalls.map((call) =>
      call.prompt.map((message) => ({ role: message.role, text: JSON.stringify(message.content) })),
    );
    const earlier = second!.find((message) => message.role === "assistant")!.text;
    expect(earlier).toContain("Release readiness");
    expect(earlier).toContain("Here is where we stand.");
    expect(earlier).toContain(DESTINATIONS.prompt);
    expect(earlier).not.toContain("```");
    expect(earlier).not.toContain("agentskit");
    expect(second!.at(-1)!.text).toContain('The person chose \\"Report\\" from your UI reply');
    expect(second!.at(-1)!.text).toContain("Ready: true");
    expect(third!.at(-1)!.text).toContain('The person chose \\"Documentation\\"');
    expect((await view()).items.map((item) => `${item.role}:${item.status}`)).toEqual(
      Array(3).fill(["user:complete", "assistant:complete"]).flat(),
    );
  });

  it("only proposes a typed action the model put on a choice: nothing runs until a person approves", async () => {
    const input = { to: "ada@example.com", subject: "Notes", body: "Version 1.4 is out." };
    const list = {
      prompt: "Send the notes?",
      choices: [{ id: "send", label: "Send", action: { name: "send-email", input } }],
    };
    const { visitorId, chatId, reply } = await chatWith(
      scriptedModel(["Ready to send.", { tool: "choice_list", input: list }]),
    );
    const execute = vi.spyOn(sendEmailTool, "execute");
    const outcome = await pickFrameChoice({
      visitorId,
      chatId,
      itemId: reply.id,
      instanceId: "choice-list-1",
      choiceId: "send",
    });
    expect(outcome.status).toBe("proposed");
    expect(execute).not.toHaveBeenCalled();
    execute.mockRestore();
    const token = outcome.selection.confirmationToken!;
    expect(await db().actionConfirmation.findUniqueOrThrow({ where: { token } })).toMatchObject({
      status: "pending",
      action: "send-email",
      input,
    });
  });

  it("contains a malformed block and frames the host does not accept, and still draws the rest", async () => {
    const unregistered = {
      prompt: "Refuse me",
      choices: [{ id: "x", label: "Drop the tables", action: { name: "drop-tables", input: {} } }],
    };
    const model = scriptedModel([
      ...steps(
        'Before.\n\n```ui\n<Stat label= >\n<Nope/>\n```\n\n{"protocol":"agentskit.chat.component"} after.',
      ),
      { tool: "weather_card", input: { city: "Lisbon" } },
      { tool: "choice_list", input: { prompt: "No choices", choices: [] } },
      { tool: "choice_list", input: unregistered },
    ]);
    const { visitorId, chatId, reply } = await chatWith(model);
    expect(reply.status).toBe("complete");
    expect(reply.parts.map((part) => part.kind)).toEqual([
      "text",
      "block",
      "text",
      "diagnostic",
      "component",
    ]);
    expect(reply.parts[2]).toMatchObject({
      text: expect.stringContaining('{"protocol":"agentskit.chat.component"} after.'),
    });
    expect(reply.parts[3]).toMatchObject({ code: "COMPONENT_INVALID_PROPS" });
    expect(
      Object.values(reply.blocks)[0]!.diagnostics.map((diagnostic) => diagnostic.code),
    ).toEqual(expect.arrayContaining(["invalid_prop", "unknown_component"]));
    await expect(
      pickFrameChoice({
        visitorId,
        chatId,
        itemId: reply.id,
        instanceId: "choice-list-2",
        choiceId: "x",
      }),
    ).rejects.toMatchObject({ reason: "ACTION_UNREGISTERED" });
  });

  it("fails a reply whose provider errs mid-stream, with a sentence, and answers the queued message next", async () => {
    const limited = new APICallError({
      message: "Rate limit reached",
      url: "https://api.example.com",
      requestBodyValues: {},
      statusCode: 429,
    });
    const model = scriptedModel(["Let me check", " the runs", { error: limited }], ["All green."]);
    const visitorId = randomUUID();
    const { chatId } = await createChat({ visitorId, message: "How is CI?" });
    await sendMessage({ visitorId, chatId, text: "Still there?" });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await runChat(chatId, agentOf(model));
    expect(logged).toHaveBeenCalledWith(
      "Agent reply failed",
      expect.objectContaining({ sentence: SENTENCES.busy }),
    );
    logged.mockRestore();
    const chat = await loadChatView({ visitorId, chatId });
    expect(chat.items.map((item) => `${item.role}:${item.status}`)).toEqual([
      "user:complete",
      "assistant:failed",
      "user:complete",
      "assistant:complete",
    ]);
    expect(chat.items[1]!.parts).toEqual([
      { kind: "text", text: `Let me check the runs\n\n${SENTENCES.busy}` },
    ]);
    expect(chat.items[3]!.parts).toEqual([{ kind: "text", text: "All green." }]);
    expect(chat.running).toBe(false);
  });

  it("stops the model's request when a person presses Stop, keeps what it wrote, and answers the queued message next", async () => {
    const resume = gate();
    const model = scriptedModel(
      [FIRST, { wait: () => resume.opened }, SECOND, "hang"],
      ["All green."],
    );
    const visitorId = randomUUID();
    const { chatId } = await createChat({ visitorId, message: "How is the release?" });
    await sendMessage({ visitorId, chatId, text: "Still there?" });
    const { agent, taken } = watched(agentOf(model));
    const running = runChat(chatId, agent);
    await taken;
    // A stopped reply keeps what was stored when Stop was pressed, all a viewer had seen.
    await expect
      .poll(async () => (await itemsOf(visitorId, chatId)).text(1))
      .toMatch(/^Checking the release checklist/);
    expect(await requestStop({ visitorId, chatId })).toMatchObject({ stopping: true });
    // The next write finds the turn ended: the runner aborts the agent, and the SDK the model's request.
    resume.open();
    await running;

    const [stopped, next] = model.doStreamCalls;
    expect(stopped!.abortSignal?.aborted).toBe(true);
    expect(next!.abortSignal?.aborted).toBe(false);
    const items = await itemsOf(visitorId, chatId);
    expect(items.statuses).toEqual([
      "user:complete",
      "assistant:stopped",
      "user:complete",
      "assistant:complete",
    ]);
    expect(items.text(1)).toMatch(/^Checking the release checklist, step by step\./);
    expect(items.text(3)).toBe("All green.");
    expect(items.running).toBe(false);
    const turns = await db().turn.findMany({ where: { chatId }, orderBy: { startedAt: "asc" } });
    expect(turns.map((turn) => turn.status)).toEqual(["stopped", "finished"]);
  });

  it("aborts the model's request at the turn's deadline and ends the reply as failed, with a sentence saying so", async () => {
    const model = scriptedModel([FIRST, "hang"], ["All green."]);
    const deadlines = [new AbortController(), new AbortController()];
    let started = 0;
    const visitorId = randomUUID();
    const { chatId } = await createChat({ visitorId, message: "How is the release?" });
    await sendMessage({ visitorId, chatId, text: "Still there?" });
    const { agent, taken } = watched(agentOf(model));
    const running = runChat(chatId, agent, null, {
      turnDeadline: () => deadlines[started++]!.signal,
    });
    await taken;
    // The first turn's deadline passes while the model is silent.
    deadlines[0]!.abort();
    await running;

    expect(started).toBe(2);
    expect(model.doStreamCalls[0]!.abortSignal?.aborted).toBe(true);
    const items = await itemsOf(visitorId, chatId);
    expect(items.statuses).toEqual([
      "user:complete",
      "assistant:failed",
      "user:complete",
      "assistant:complete",
    ]);
    expect(items.text(1)).toBe(
      `${FIRST}\n\nThe reply took too long, so it stopped here. Try again.`,
    );
    expect(items.text(3)).toBe("All green.");
    const turns = await db().turn.findMany({ where: { chatId }, orderBy: { startedAt: "asc" } });
    expect(turns.map((turn) => turn.status)).toEqual(["failed", "finished"]);
  });

  it("answers with the mock while the configured model is one its provider does not know", async () => {
    const setting = {
      kind: "model",
      provider: "openai",
      modelId: "gpt-nonexistent",
      name: "openai/gpt-nonexistent",
      catalog: "full",
    } as const;
    const status = resolveAgent(setting, {
      env: { OPENAI_API_KEY: "sk-test" },
      fetch: async () => Response.json({}, { status: 404 }),
    });
    const visitorId = randomUUID();
    const { chatId } = await createChat({ visitorId, message: "hi" });
    await runChat(chatId, checkedAgent(status));
    const items = await itemsOf(visitorId, chatId);
    expect(items.statuses).toEqual(["user:complete", "assistant:complete"]);
    expect(items.text(1)).toMatch(/^You said: “hi”\./);
  });
});
