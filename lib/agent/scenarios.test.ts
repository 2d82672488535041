import { describe, expect, it } from "vitest";
import { decodeAssistantContent } from "@/lib/component-frames";
import { SCENARIOS } from "./scenarios";
import { scriptChunks, scriptedReply } from "./script";

/** The message a pick on a list of the agent's reply becomes, as the host words it. */
const picked = (label: string) =>
  `The person chose "${label}" from your UI reply; their message is the visible context of that choice.\n\n${label}`;

function parts(text: string) {
  const decoded = decodeAssistantContent(text);
  if (!decoded.ok) throw new Error(`not an envelope: ${text.slice(0, 80)}`);
  return decoded.parts;
}

const isHelp = (text: string) =>
  parts(text).some((part) => part.kind === "component" && part.frame.instanceId === "starters");

describe("the scenarios", () => {
  it("each answer their exact prompt and their slash command, with case, spaces and trailing punctuation ignored", () => {
    for (const scenario of SCENARIOS) {
      const expected = {
        text: scenario.reply(),
        subagent: scenario.subagent?.(),
        pace: scenario.pace ?? 1,
        app: scenario.app,
      };
      for (const message of [
        scenario.prompt,
        scenario.command,
        `  ${scenario.prompt.toUpperCase().replace(/ /g, "   ")}!! `,
        `${scenario.command}.`,
      ]) {
        expect(
          scriptedReply(message),
          `${scenario.name} answers ${JSON.stringify(message)}`,
        ).toEqual(expected);
      }
    }
  });

  it("have one slash command each, never the host's /release or /help", () => {
    const commands = SCENARIOS.map((scenario) => scenario.command);
    expect(new Set(commands).size).toBe(commands.length);
    expect(commands).not.toContain("/release");
    expect(commands).not.toContain("/help");
  });

  it("answer nothing but their starters: paraphrases and keywords get the help reply", () => {
    const messages = [
      "please email bob",
      "a long paragraph about x",
      "Tell me a story",
      "Email the release notes to Bob",
      "where should we go",
      "Triage the failing build now",
      "this is broken",
      "imitate a cat",
      "Which subagent?",
      "/emails",
      "/release",
      "hello there",
    ];
    for (const message of messages) expect(isHelp(scriptedReply(message).text), message).toBe(true);
  });

  it("carry the three frames the broken-frame scenario promises: an invalid one, an unregistered one and a valid one", () => {
    expect(scriptedReply("/broken").text.match(/"kind":"component"/g)).toHaveLength(3);
  });
});

describe("the help reply", () => {
  it("quotes the message, says it is a scripted demo, how to plug in a model, and offers every starter as a list", () => {
    const [text, list] = parts(scriptedReply("please email bob").text);
    expect(text).toMatchObject({
      kind: "text",
      text: expect.stringMatching(
        /^You said: “please email bob”\.\n\nThis is the scripted demo agent/,
      ),
    });
    expect(text).toMatchObject({ text: expect.stringContaining("`AGENT=model`") });
    expect(text).toMatchObject({ text: expect.stringContaining("README") });
    expect(list).toMatchObject({
      kind: "component",
      frame: { componentKey: "choice-list", instanceId: "starters" },
    });
    const choices =
      list?.kind === "component"
        ? (list.frame.props as { choices: { label: string; description: string }[] }).choices
        : [];
    expect(choices.map(({ label, description }) => [label, description])).toEqual(
      SCENARIOS.map((scenario) => [scenario.prompt, scenario.command]),
    );
  });

  it("leads each pick on its list to that starter's scenario", () => {
    for (const scenario of SCENARIOS)
      expect(scriptedReply(picked(scenario.prompt)).text, scenario.name).toBe(scenario.reply());
  });

  it("fences a message holding a code fence, so the rest of the reply stays prose", () => {
    const message = "look:\n```js\nconst a = 1;\n```\nand ````four````";
    const [text] = parts(scriptedReply(message).text);
    expect(text).toMatchObject({
      text: expect.stringContaining(`\`\`\`\`\`text\n${message}\n\`\`\`\`\``),
    });
  });

  it("lists every slash command for /help", () => {
    const [text] = parts(scriptedReply("/Help").text);
    for (const scenario of SCENARIOS)
      expect(text).toMatchObject({
        text: expect.stringContaining(`\`${scenario.command}\`: ${scenario.prompt}`),
      });
    expect(text).toMatchObject({ text: expect.stringContaining("`/release`") });
    expect(isHelp(scriptedReply("/help").text)).toBe(true);
  });
});

describe("the mock agent's answers to outcomes", () => {
  it("answers each way a proposed action can end", () => {
    expect(
      scriptedReply(
        'The person approved “Send to Ada”: send-email ran and returned {"delivered":true,"to":"ada@example.com","messageId":"msg-1"}.',
      ).text,
    ).toBe("Done: the email went to **ada@example.com** (message `msg-1`). Anything else?");
    expect(
      scriptedReply("The person approved “Send to Ada”, but send-email failed: The action failed.")
        .text,
    ).toMatch(/^“Send to Ada” did not go through: The action failed\. Pick it again/);
    expect(
      scriptedReply("The person rejected “Send to Ada”: send-email was not run.").text,
    ).toMatch(/^Understood: nothing was sent\./);
    expect(
      scriptedReply(
        "Nobody decided on “Send to Ada” in time: the confirmation expired and send-email was not run.",
      ).text,
    ).toMatch(/^The proposal expired/);
  });

  it("answers a pick on a scenario's own list, not as a starter", () => {
    expect(scriptedReply(picked("Documentation")).text).toBe(
      "Noted: **Documentation**. The component guide starts with the manifest.",
    );
  });
});

describe("pacing", () => {
  it("writes any starter slowly when “slowly” follows it, and only then", () => {
    expect(scriptedReply("Where should we go next, slowly?")).toMatchObject({
      text: expect.stringContaining('"instanceId":"destination-choice"'),
      pace: 4,
    });
    expect(scriptedReply("/triage slowly")).toMatchObject({
      text: expect.stringContaining("Here is CI as it stands"),
      pace: 4,
    });
    expect(scriptedReply("Tell me a long story, slowly")).toMatchObject({
      text: expect.stringMatching(/^## The lighthouse keeper's ledger/),
      pace: 4,
    });
    expect(scriptedReply("Tell me a long story")).toMatchObject({ pace: 1 });
    expect(isHelp(scriptedReply("slowly").text)).toBe(true);
    expect(isHelp(scriptedReply("Tell me a story slowly").text)).toBe(true);
  });

  it("streams a help reply in two pieces, its prose then its list, where a scenario streams in many small chunks", () => {
    for (const message of ["please email bob", "/help"]) {
      const script = scriptedReply(message);
      const [prose, list] = scriptChunks(script);
      expect(scriptChunks(script)).toHaveLength(2);
      expect(`${prose}${list}`).toBe(script.text);
      expect(parts(prose!)).toEqual([parts(script.text)[0]]);
      expect(list).toMatch(/^\{"kind":"component".*"instanceId":"starters".*\}\n$/);
    }
    expect(scriptChunks(scriptedReply("Where should we go next?")).length).toBeGreaterThan(50);
  });
});
