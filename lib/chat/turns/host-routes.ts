import "server-only";
import { encodeAssistantContent, type AssistantContentPart } from "@/lib/component-frames";

/**
 * Slash commands the host answers without the agent. A route's ChoiceList shows each pick's exact
 * alias; a grant recorded per choice lets that pick, once, send it.
 */
export type Grant = { instanceId: string; choiceId: string; alias: string };
export type RouteReply = { content: string; grants: Grant[] };

const RELEASE_TARGETS = ["staging", "production"] as const;

function releaseMenu(): RouteReply {
  const choices = RELEASE_TARGETS.map((target) => ({
    id: target,
    label: target === "staging" ? "Staging" : "Production",
    description: `/release ${target}`,
  }));
  return {
    content: encodeRoute([
      {
        kind: "text",
        text: "Release routes are answered by the host. Pick a target; the exact command shown is what will be sent.",
      },
      {
        kind: "component",
        frame: {
          protocol: "agentskit.chat.component",
          version: 1,
          type: "render",
          componentKey: "choice-list",
          instanceId: "release-target",
          props: { prompt: "Release which environment?", choices },
          fallback: { kind: "choice-list", summary: "Choose Staging or Production." },
        },
      },
    ]),
    grants: choices.map((choice) => ({
      instanceId: "release-target",
      choiceId: choice.id,
      alias: choice.description,
    })),
  };
}

function encodeRoute(parts: AssistantContentPart[]): string {
  const encoded = encodeAssistantContent(parts);
  if (!encoded.ok)
    throw new Error(`A host route wrote an invalid envelope: ${encoded.diagnostic.code}`);
  return encoded.content;
}

/** Null when the agent should answer. */
export function answerHostRoute(message: string): RouteReply | null {
  const text = message.trim();
  if (text === "/release") return releaseMenu();
  const target = /^\/release (staging|production)$/.exec(text)?.[1];
  if (target)
    return {
      content: `Release to **${target}** scheduled by the host route. No agent was involved.`,
      grants: [],
    };
  return null;
}

export const HOST_ROUTE_PROMPTS = ["/release"];
